// Class names the Widgets Visualization panels share.

export const panelClass = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
