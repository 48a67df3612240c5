// `/api/import-widgets` (spec part 1 §7; issue 13):
// - `POST /templates` `{store, channelId}` → `{templates[]}`: the target's widget templates (name, uuid, kind) for the
//   template comparison, read on the chosen channel (built-ins answer every channel);
// - `POST /` `{store, pages[], autoCreateMissingTemplates, sourceWidgetTemplates}` → `{results[], createdTemplates[],
//   failedTemplates[]}`; with `Accept: application/x-ndjson` (or `?progress=1`) progress lines first, the answer last;
// - `GET /backups/:id`: a page as it was before an import (or a restore) wrote it, as a JSON download;
// - `POST /restore` `{store, backupId}` → `{result}`: publishes that saved page back.
// Failures answer `{success: false, error, code}` like every store tool (server/tool-route.ts).
//
// The import's body is read as it arrives, up to 64 MB (./import-widgets.request.ts; issue 29). Two imports into one
// store at once write a page, or create a missing template, one after the other (leases, server/db/lease.ts).
//
// Backups belong to the caller (the job owner: the signed-in user, or the visitor's cookie); another caller's backup is
// not found. Like Import Product, an import whose caller goes away goes on to the end: it is bounded by its pages, and
// stopping between two pages would leave the import half done for no gain.
import { Hono } from 'hono';
import {
  IMPORT_WIDGETS_BACKUP_PATH,
  IMPORT_WIDGETS_PATH,
  IMPORT_WIDGETS_RESTORE_PATH,
  IMPORT_WIDGETS_TEMPLATES_PATH,
  importWidgetsRestoreRequestSchema,
  importWidgetsTemplatesRequestSchema,
  widgetsBackupFileName,
  type ImportWidgetsPageResult,
} from '../../../common/contracts/import-widgets';
import type { DumpedPage } from '../../../common/dumps/widgets-dump';
import { ERROR_CODES } from '../../../common/errors';
import type { Database } from '../../db/database';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import { leaseRunner } from '../../db/lease';
import type { Logger } from '../../logger';
import { AppError, failureOf, toolFailureBody } from '../../errors';
import { streamedBody, streamedBodyOf } from '../../json-stream';
import { streamNdjson, wantsProgress } from '../../ndjson';
import { toolRoute } from '../../tool-route';
import { beforeWriteFor } from '../../jobs/before-job';
import { jobOwner, type OwnedWriteRouteDeps } from '../jobs/job-owner';
import {
  checkImportWidgetsRequest,
  importWidgetsInputSchema,
  readImportWidgetsBody,
  type ImportWidgetsBody,
} from './import-widgets.request';
import {
  importWidgets,
  restorePage,
  type ImportWidgetsCommand,
  type ImportWidgetsDeps,
} from './import-widgets.service';
import { createPageBackupStore, type PageBackupStore } from './page-backup-store';

/** Store History's snapshot before the write takes the target pages, as they were. */
export type ImportWidgetsRoutesDeps = OwnedWriteRouteDeps;

const BACKUP_NOT_FOUND = 'This backup was not found';
const NO_OWNER_MESSAGE = 'The import could not be started. Please try again.';

/** How long a page or a template that another import is writing is waited for before that page or template fails. */
export const IMPORT_WIDGETS_LEASE_WAIT_MS = 60_000;

/** Keeps an owner's and a store's backups within bounds; a failure only delays that to the next import. */
export function backupTrimmer(backups: PageBackupStore, logger: Logger) {
  return (owner: string, storeHash: string) =>
    Promise.all([backups.trimOwner(owner), backups.trimStore(storeHash)])
      .then(() => undefined)
      .catch((error: unknown) => logger.warn({ err: error }, 'page backups were not trimmed'));
}

/**
 * The import as the screen and the agents run it: each page's content saved first (`backups`), a page or a template
 * another import is writing waited for (one page's backup and publish, one create), the owner's and the store's
 * backups trimmed after.
 */
export function widgetsImporter(db: Database['db'], logger: Logger) {
  const backups = createPageBackupStore(db);
  const exclusive = leaseRunner(db, { waitMs: IMPORT_WIDGETS_LEASE_WAIT_MS });
  const trim = backupTrimmer(backups, logger);
  const run = async (
    client: BigCommerceClient,
    command: ImportWidgetsCommand,
    owner: string,
    { beforeWrite, onProgress }: Pick<ImportWidgetsDeps, 'beforeWrite' | 'onProgress'> = {},
  ) => {
    const answer = await importWidgets(client, command, {
      backups,
      owner,
      exclusive,
      ...(beforeWrite ? { beforeWrite } : {}),
      ...(onProgress ? { onProgress } : {}),
    });
    await trim(owner, client.storeHash);
    return answer;
  };
  return { backups, exclusive, trim, run };
}

export function importWidgetsRoutes(deps: ImportWidgetsRoutesDeps): Hono {
  const { backups, exclusive, trim, run } = widgetsImporter(deps.database.db, deps.logger);

  return new Hono()
    .post(
      IMPORT_WIDGETS_TEMPLATES_PATH,
      toolRoute(deps, importWidgetsTemplatesRequestSchema, async (request, { c, storeClient, signal }) => {
        const templates = await storeClient(request.store).widgetTemplates.listAll({
          query: { 'channel_id:in': request.channelId },
          signal,
        });
        return c.json({
          templates: templates
            .map((template) => ({
              name: template.name,
              uuid: template.uuid,
              kind: template.kind ?? 'custom',
            }))
            .sort((a, b) => a.name.localeCompare(b.name) || a.uuid.localeCompare(b.uuid)),
        });
      }),
    )
    .get(IMPORT_WIDGETS_BACKUP_PATH, async (c) => {
      const owner = await jobOwner(c, deps.getAuth, { create: false });
      const backup = owner ? await backups.getOwned(c.req.param('id'), owner) : undefined;
      if (!backup) throw new AppError(ERROR_CODES.backupNotFound, BACKUP_NOT_FOUND);
      const fileName = widgetsBackupFileName(
        backup.storeHash,
        backup.templateFile,
        backup.entityId,
        backup.createdAt,
      );
      c.header('Content-Disposition', `attachment; filename="${fileName}"`);
      c.header('Cache-Control', 'no-store');
      const page: DumpedPage = {
        template_file: backup.templateFile,
        entity_id: backup.entityId,
        entity_name: null,
        channel_id: backup.channelId,
        snapshot: { regions: backup.regions as DumpedPage['snapshot']['regions'] },
      };
      return c.json(page);
    })
    .post(
      IMPORT_WIDGETS_RESTORE_PATH,
      toolRoute(deps, importWidgetsRestoreRequestSchema, async (request, { c, storeClient }) => {
        const owner = await jobOwner(c, deps.getAuth, { create: false });
        const backup = owner ? await backups.getOwned(request.backupId, owner) : undefined;
        if (!owner || !backup) throw new AppError(ERROR_CODES.backupNotFound, BACKUP_NOT_FOUND);
        const client = storeClient(request.store);
        if (client.storeHash !== backup.storeHash) {
          throw new AppError(
            ERROR_CODES.invalidInput,
            `This backup is of store ${backup.storeHash}: select that store to restore it`,
          );
        }
        const result: ImportWidgetsPageResult = await restorePage(client, backup, {
          backups,
          owner,
          exclusive,
        });
        await trim(owner, client.storeHash);
        return c.json({ result });
      }),
    )
    .post(
      IMPORT_WIDGETS_PATH,
      streamedBody(readImportWidgetsBody),
      toolRoute(
        deps,
        importWidgetsInputSchema,
        async (request, { c, storeClient }) => {
          const owner = await jobOwner(c, deps.getAuth, { create: true });
          // With `create`, every caller has an owner (a visitor gets one): none is a broken invariant.
          if (!owner) throw new AppError(ERROR_CODES.internal, NO_OWNER_MESSAGE);
          const client = storeClient(request.store);
          const command = {
            pages: request.pages,
            autoCreateMissingTemplates: request.autoCreateMissingTemplates,
            sourceWidgetTemplates: request.sourceWidgetTemplates,
          };
          const beforeWrite = beforeWriteFor(deps.beforeJob, {
            owner,
            credentials: request.store,
            caller: deps.callerOf(c),
          });
          if (!wantsProgress(c)) return c.json(await run(client, command, owner, { beforeWrite }));
          const reqId = c.get('requestId');
          return streamNdjson(
            c,
            ({ send }) => run(client, command, owner, { beforeWrite, onProgress: send }),
            (error) => toolFailureBody(failureOf(error, deps.logger, reqId, false)),
          );
        },
        // Read as it arrives, then checked with the contract (./import-widgets.request.ts).
        { read: (c) => checkImportWidgetsRequest(streamedBodyOf<ImportWidgetsBody>(c)) },
      ),
    );
}
