import type { ReactNode } from 'react';

/** A plain centred card for screens that only have a message (not built yet, login required). */
export function PlaceholderPanel({
  icon,
  title,
  body,
  children,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  body: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className="mx-auto mt-6 max-w-xl rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      {icon && (
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{body}</p>
      {children && <div className="mt-6 flex justify-center gap-3">{children}</div>}
    </section>
  );
}
