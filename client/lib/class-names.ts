/** Joins the truthy class names: `cn('a', isOn && 'b')`. */
export function cn(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
