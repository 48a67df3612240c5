import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

const BUTTON_CLASS =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';

/** The screen's white button (Stop comparing, Reset View, the zoom buttons, Show); `className` adds its margin. */
export function PanelButton({
  testId,
  className,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { testId: string }) {
  return <button type="button" {...button} className={cn(BUTTON_CLASS, className)} data-testid={testId} />;
}
