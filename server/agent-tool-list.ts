// The tools offered to AI agents (issue 33), gathered once: every feature's `*.agent-tools.ts`, given what it needs of
// the app's services. The MCP server and the in-app AI Assistant take this one list (server/services.ts builds it);
// the platform piece (server/agent-tools/) imports no feature, so the list is put together here, beside the
// composition root.
import type { AgentTool } from './agent-tools/agent-tools';
import type { AgentDumpStore } from './agent-tools/agent-dumps';
import type { AuditLog } from './audit/audit-log';
import type { Db } from './db/database';
import { bulkEditAgentTools } from './features/bulk-edit/bulk-edit.agent-tools';
import { dumpCategoriesAgentTools } from './features/dump-categories/dump-categories.agent-tools';
import { dumpProductAgentTools } from './features/dump-product/dump-product.agent-tools';
import { dumpWidgetsAgentTools } from './features/dump-widgets/dump-widgets.agent-tools';
import { importProductAgentTools } from './features/import-product/import-product.agent-tools';
import { importWidgetsAgentTools } from './features/import-widgets/import-widgets.agent-tools';
import { jobsAgentTools } from './features/jobs/jobs.agent-tools';
import { keywordExtractorAgentTools } from './features/keyword-extractor/keyword-extractor.agent-tools';
import { mcpAgentTools } from './features/mcp/mcp.agent-tools';
import { searchProductsAgentTools } from './features/search-products/search-products.agent-tools';
import type { IdMapRepository } from './features/store-history/id-map';
import { restoreAgentTools } from './features/store-history/restore.agent-tools';
import type { RestorePreviewRepository } from './features/store-history/restore-preview-repository';
import type { SnapshotRepository } from './features/store-history/snapshot-repository';
import { storeHistoryAgentTools } from './features/store-history/store-history.agent-tools';
import { spreadsheetEditAgentTools } from './features/spreadsheet-edit/spreadsheet-edit.agent-tools';
import type { SpreadsheetRepository } from './features/spreadsheet-edit/spreadsheet-repository';
import type { BigCommerceClientFactory } from './integrations/bigcommerce';
import type { BeforeJobSnapshots } from './jobs/before-job';
import type { JobQueue } from './jobs/job-queue';
import type { JobStore } from './jobs/job-store';
import type { Logger } from './logger';
import type { TokenCipher } from './token-cipher';

/** What the agent tools need of the app's services. */
export type AgentToolListDeps = {
  db: Db;
  logger: Logger;
  audit: AuditLog;
  clients: BigCommerceClientFactory;
  getTokenCipher: () => Promise<TokenCipher>;
  jobStore: JobStore;
  jobQueue: JobQueue;
  beforeJob: BeforeJobSnapshots;
  snapshots: SnapshotRepository;
  restorePreviews: RestorePreviewRepository;
  storeIdMaps: IdMapRepository;
  agentDumps: AgentDumpStore;
  spreadsheets: SpreadsheetRepository;
};

/** Every feature's agent tools (`list_stores` first), in the order the MCP server lists them. */
export function agentToolsOf(deps: AgentToolListDeps): AgentTool[] {
  const { db, logger, audit, clients, getTokenCipher, jobStore, jobQueue, beforeJob, snapshots } = deps;
  return [
    ...mcpAgentTools(),
    ...dumpProductAgentTools(),
    ...dumpCategoriesAgentTools(),
    ...dumpWidgetsAgentTools(),
    ...searchProductsAgentTools(),
    ...keywordExtractorAgentTools(),
    ...jobsAgentTools({ jobStore }),
    ...storeHistoryAgentTools({ snapshots, jobStore, jobQueue, getTokenCipher, clients }),
    ...restoreAgentTools({
      db,
      snapshots,
      previews: deps.restorePreviews,
      idMap: deps.storeIdMaps,
      jobStore,
      jobQueue,
      getTokenCipher,
      audit,
    }),
    ...bulkEditAgentTools({ db, jobStore, jobQueue, getTokenCipher, audit, beforeJob }),
    ...spreadsheetEditAgentTools({
      db,
      jobStore,
      jobQueue,
      getTokenCipher,
      audit,
      beforeJob,
      spreadsheets: deps.spreadsheets,
    }),
    ...importProductAgentTools({ db, getTokenCipher, dumps: deps.agentDumps, audit, beforeJob }),
    ...importWidgetsAgentTools({ db, getTokenCipher, dumps: deps.agentDumps, audit, logger, beforeJob }),
  ];
}
