import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names';

/** A round badge saying where stores are kept: sky for the cloud, slate for this browser. */
export function SourceBadge({
  isCloud,
  testId,
  className,
  children,
}: {
  isCloud: boolean;
  testId: string;
  /** Its size and place. */
  className: string;
  children: ReactNode;
}) {
  return (
    <span
      data-testid={testId}
      className={cn(
        className,
        'rounded-full text-xs font-semibold',
        isCloud ? 'bg-sky-50 text-sky-700' : 'bg-slate-100 text-slate-700',
      )}
    >
      {children}
    </span>
  );
}
