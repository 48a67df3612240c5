/** The migrated template each run copies: one per run (its process id), so two runs side by side do not drop each other's. */
export const postgresTemplateName = (pid: number = process.pid): string => `bct_test_template_${pid}`;

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
