/** A storefront URL's last part from a web page's name or a blog post's title (`&` dropped, other runs of symbols a `-`). */
export function contentSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
