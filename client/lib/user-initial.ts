/** The letter an avatar shows: the name's first letter, else the email's, upper-cased ('?' for neither). */
export function userInitial(user: { name: string; email: string }): string {
  const source = user.name.trim() || user.email.trim();
  return (source.at(0) ?? '?').toUpperCase();
}
