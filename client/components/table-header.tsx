import type { ReactNode } from 'react';
import { cn } from '../lib/class-names';

/** One column heading: its text (or a control, such as a select-all checkbox) and the classes it adds. */
export interface HeaderColumn {
  label: ReactNode;
  className?: string | undefined;
}

/**
 * A table's `<thead>`: one row of column headings (`scope="col"`), each with the classes every heading has
 * (`cellClassName`) followed by its own.
 */
export function TableHeader({
  columns,
  className,
  cellClassName,
}: {
  columns: readonly HeaderColumn[];
  className: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={cn(cellClassName, column.className)}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
