// A restore of a deleted custom widget template, a REST widget on it and a placement of that widget, whose worker dies
// after each create is answered and before the new id is recorded (issue 40): none of the three has a unique name to be
// found by, so the retried slice finds what the earlier attempt made by its content (live-content-items.ts findContent),
// adopts it instead of making it twice, records its id, and the undo deletes it. Same pattern as
// restore-crash.int.test.ts, the real sandbox over HTTP and both databases.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import {
  RESTORE_ALREADY_REASON,
  RESTORE_UNDO_DELETED_REASON,
  type SnapshotItemKind,
} from '../../../common/contracts/store-history';
import { snapshotItem, storeSnapshot } from '../../db/schema';
import { createBigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import { createJobStore, type JobStore } from '../../jobs/job-store';
import { sealCredentials } from '../../jobs/sealed-credentials';
import { createLogger } from '../../logger';
import { startSandboxServer, type RunningSandbox } from '../../sandbox/test-server';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/harness';
import { controlSandbox } from '../../test/sandbox-control';
import { createTokenCipher } from '../../token-cipher';
import { createIdMapRepository, type IdMapRepository } from './id-map';
import type { ObjectStorage } from '../../storage/object-storage';
import { backupKey, type RestoreBackup } from './restore-plan';
import type { RestoreFaultPoint } from './restore-decision';
import { restoreJobKind } from './restore.job';
import { planItem, restoreLevel } from './restore-preview';
import { readLive } from './live-items';
import { itemKeyText } from './item-id';
import { createSnapshotRepository } from './snapshot-repository';

type Obj = Record<string, unknown>;
const logger = createLogger('silent');
const cipher = createTokenCipher(randomBytes(32));

/** Set by the store (an item made again has new ones) or by the template's version: not compared. */
const SERVER_SET = new Set(['uuid', 'date_created', 'date_modified', 'current_version_uuid', 'version_uuid']);
const CONTENT_CREATE = /\/v3\/content\/(widget-templates|widgets|placements)(\?|$)/;

describe.each(testDatabaseKinds())('a restore of widgets when its worker dies (%s)', (kind) => {
  let sb: RunningSandbox;
  let database: TestDatabase;
  let jobs: JobStore;
  let idMap: IdMapRepository;
  const creates: string[] = [];
  const deletes: string[] = [];
  const clients = () =>
    createBigCommerceClientFactory({
      baseUrl: sb.baseUrl,
      logger,
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : input.toString();
        const path = new URL(url).pathname;
        if (init?.method === 'POST' && CONTENT_CREATE.test(path))
          creates.push(path.replace(/^.*\/content\//, ''));
        if (init?.method === 'DELETE') deletes.push(path.replace(/^.*\/content\//, ''));
        return fetch(input, init);
      },
    });
  /** What a restore job kind is built with; `snapshotHolds` reads the test database's snapshot rows. */
  const deps = () => ({
    jobs,
    idMap,
    clients: clients(),
    getCipher: () => Promise.resolve(cipher),
    logger,
    // `holds` reads item rows only, never the object store.
    snapshotHolds: (id: string, of: SnapshotItemKind, key: Obj) =>
      createSnapshotRepository(database.db, undefined as unknown as ObjectStorage).holds(id, of, key),
  });
  /** A job kind whose worker dies for good at `at` (the first time it gets there), and tells when it did. */
  const dyingAt = (at: RestoreFaultPoint) => {
    let died!: () => void;
    const dead = new Promise<'died'>((resolve) => (died = () => resolve('died')));
    const kind = restoreJobKind({
      ...deps(),
      faults: async (point) => {
        if (point !== at) return;
        died();
        await new Promise(() => undefined);
      },
    });
    return { kind, dead };
  };
  const healthy = () => restoreJobKind(deps());
  const newJob = async (hash: string, token: string, input: Obj, undoOf?: string) => {
    const id = randomUUID();
    await jobs.createWithinLimits({
      id,
      kind: 'snapshot-restore',
      owner: `visitor:${hash}`,
      storeHash: hash,
      input,
      credentialsSealed: sealCredentials(cipher, id, { target: { storeHash: hash, accessToken: token } }),
      ...(undoOf ? { undoOf } : {}),
      now: new Date(),
    });
    return id;
  };

  /** A demo store of the test's own in the sandbox, and a client for it. */
  const newDemoStore = async () => {
    const hash = `restore${randomBytes(4).toString('hex')}`;
    const token = `token-${hash}`;
    await controlSandbox(sb, 'POST', '/stores', { hash, token, kind: 'demo' });
    return { hash, token, client: clients().forStore({ storeHash: hash, accessToken: token }) };
  };

  beforeAll(async () => {
    sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
    database = await createTestDatabase(kind);
    jobs = createJobStore(database.db);
    idMap = createIdMapRepository(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
    await sb?.close();
  });

  it('makes a deleted widget template, widget and placement again once each, and undoes them, when the worker dies after each create', async () => {
    const { hash, token, client } = await newDemoStore();

    // A custom template, a widget on it and a placement of the widget; the "snapshot" holds them as they are.
    const template = await client.widgetTemplates.create({
      name: 'Crash Banner',
      template: '<div class="crash">{{text}}</div>',
      schema: [
        {
          type: 'tab',
          label: 'Content',
          sections: [
            { label: 'Text', settings: [{ type: 'input', id: 'text', label: 'Text', default: 'Hi' }] },
          ],
        },
      ],
      channel_id: 1,
    });
    const widget = await client.widgets.create({
      name: 'Crash Banner (home)',
      description: 'made by the crash test',
      widget_template_uuid: template.uuid,
      widget_configuration: { text: 'Back again', nested: { list: [1, 2, { deep: true }] } },
      channel_id: 1,
    });
    const placement = await client.placements.create({
      widget_uuid: widget.uuid,
      template_file: 'pages/home',
      region: 'home_below_menu',
      sort_order: 3,
      status: 'active',
      channel_id: 1,
    });
    const was = {
      'widget-template': (await readLive(client, 'widget-template', { id: template.uuid })) as Obj,
      widget: (await readLive(client, 'widget', { id: widget.uuid })) as Obj,
      placement: (await readLive(client, 'placement', { id: placement.uuid })) as Obj,
    };
    // Deleted since: the widget (its placement goes with it), then its template.
    await client.widgets.delete(widget.uuid);
    await client.widgetTemplates.delete(template.uuid);
    expect(await readLive(client, 'placement', { id: placement.uuid })).toBeNull();

    const items = (['widget-template', 'widget', 'placement'] as const).map((of) => {
      const plan = planItem(
        { kind: of, key: { id: was[of].uuid as string } },
        typeof was[of].name === 'string' ? was[of].name : of,
        was[of],
        null,
      ).plan;
      return { ...plan, level: restoreLevel(of) };
    });
    expect(items.map((i) => i.action)).toEqual(['create', 'create', 'create']);
    const id = await newJob(hash, token, { items });
    creates.length = 0;

    // Three workers die, each once its wave's create is answered and before the new id is recorded; a fourth finishes.
    for (const made of [
      ['widget-templates'],
      ['widget-templates', 'widgets'],
      ['widget-templates', 'widgets', 'placements'],
    ]) {
      const dying = dyingAt('after-create');
      expect(await Promise.race([dying.dead, dying.kind.slice(id)])).toBe('died');
      expect(creates).toEqual(made);
    }
    expect(await healthy().slice(id)).toBe('finished');
    // Nothing made twice: each retry found what the attempt before it made, by its content.
    expect(creates).toEqual(['widget-templates', 'widgets', 'placements']);

    const row = (await jobs.get(id))!;
    expect(row).toMatchObject({ state: 'done', total: 3, succeeded: 3, failed: 0, skipped: 0 });
    // By kind: the backup is a JSON object, whose keys PostgreSQL's jsonb keeps in an order of its own.
    const backup = Object.fromEntries(Object.values(row.backup as RestoreBackup).map((e) => [e.kind, e]));
    const newIds = {
      'widget-template': String(backup['widget-template']?.createdId),
      widget: String(backup.widget?.createdId),
      placement: String(backup.placement?.createdId),
    };
    for (const of of ['widget-template', 'widget', 'placement'] as const) {
      expect(newIds[of], of).not.toBe(was[of].uuid);
      expect(typeof backup[of]?.createdHash, of).toBe('string');
    }
    expect((row.outcomes as JobItemOutcome[]).map((o) => [o.kind, o.outcome, o.reason])).toEqual([
      ['widget-template', 'written', `Made again as #${newIds['widget-template']}`],
      ['widget', 'written', `Made again as #${newIds.widget}`],
      ['placement', 'written', `Made again as #${newIds.placement}`],
    ]);
    const map = await idMap.load(hash);
    expect(map.resolve('widget-template', template.uuid)).toBe(newIds['widget-template']);
    expect(map.resolve('widget', widget.uuid)).toBe(newIds.widget);
    expect(map.resolve('placement', placement.uuid)).toBe(newIds.placement);

    // The store holds one of each, field by field the snapshot's, its references on the items made again.
    const templates = await client.widgetTemplates.listAll({ query: { widget_template_kind: 'custom' } });
    expect(templates.filter((t) => t.name === template.name).map((t) => t.uuid)).toEqual([
      newIds['widget-template'],
    ]);
    const widgets = await client.widgets.listAll({ query: { name: widget.name } });
    expect(widgets.map((w) => w.uuid)).toEqual([newIds.widget]);
    const placements = await client.placements.listAll({ query: { template_file: 'pages/home' } });
    expect(
      placements.filter((p) => p.region === 'home_below_menu' && p.sort_order === 3).map((p) => p.uuid),
    ).toEqual([newIds.placement]);
    const now = {
      'widget-template': (await readLive(client, 'widget-template', {
        id: newIds['widget-template'],
      })) as Obj,
      widget: (await readLive(client, 'widget', { id: newIds.widget })) as Obj,
      placement: (await readLive(client, 'placement', { id: newIds.placement })) as Obj,
    };
    expect(plain(now['widget-template'])).toEqual(plain(was['widget-template']));
    expect(plain(now.widget)).toEqual(
      plain({ ...was.widget, widget_template_uuid: newIds['widget-template'] }),
    );
    expect(plain(now.placement)).toEqual(plain({ ...was.placement, widget_uuid: newIds.widget }));

    // Its undo deletes each item made again, the placement first and the template last.
    const undoId = await newJob(hash, token, healthy().undo!.input(row), id);
    deletes.length = 0;
    expect(await healthy().slice(undoId)).toBe('finished');
    expect(deletes).toEqual([
      `placements/${newIds.placement}`,
      `widgets/${newIds.widget}`,
      `widget-templates/${newIds['widget-template']}`,
    ]);
    const undone = (await jobs.get(undoId))!;
    expect(undone).toMatchObject({ state: 'done', total: 3, succeeded: 3, failed: 0, skipped: 0 });
    expect((undone.outcomes as JobItemOutcome[]).map((o) => [o.key.id, o.outcome, o.reason])).toEqual([
      [newIds.placement, 'written', RESTORE_UNDO_DELETED_REASON],
      [newIds.widget, 'written', RESTORE_UNDO_DELETED_REASON],
      [newIds['widget-template'], 'written', RESTORE_UNDO_DELETED_REASON],
    ]);
    expect(await readLive(client, 'placement', { id: newIds.placement })).toBeNull();
    expect(await readLive(client, 'widget', { id: newIds.widget })).toBeNull();
    expect(await readLive(client, 'widget-template', { id: newIds['widget-template'] })).toBeNull();
  });

  it('adopts only what the earlier attempt can have made: not an item the snapshot held, nor one the id map names the new id of another', async () => {
    const { hash, token, client } = await newDemoStore();
    const template = await client.widgetTemplates.create({
      name: 'Twins',
      template: '<p>{{t}}</p>',
      channel_id: 1,
    });
    const widget = await client.widgets.create({
      name: 'Twins',
      widget_template_uuid: template.uuid,
      widget_configuration: { t: 'x' },
      channel_id: 1,
    });
    const body = {
      widget_uuid: widget.uuid,
      template_file: 'pages/home',
      region: 'home_below_menu',
      sort_order: 4,
      status: 'active',
      channel_id: 1,
    };
    // Four placements alike: one in the plan, one the snapshot holds, one made again by another restore, and the one
    // deleted since the snapshot, which this restore makes again.
    const inPlan = await client.placements.create(body);
    const inSnapshot = await client.placements.create(body);
    const madeForAnother = await client.placements.create(body);
    const deleted = await client.placements.create(body);
    const twins = [inPlan.uuid, inSnapshot.uuid, madeForAnother.uuid];
    const snapshotId = randomUUID();
    await database.db.insert(storeSnapshot).values({
      id: snapshotId,
      owner: `visitor:${hash}`,
      storeHash: hash,
      reason: 'manual',
      scope: ['widgets'],
      state: 'done',
      createdAt: new Date(),
    });
    await database.db.insert(snapshotItem).values({
      snapshotId,
      kind: 'placement',
      itemKey: itemKeyText({ id: inSnapshot.uuid }),
      name: 'pages/home',
      search: 'pages/home',
      hash: 'unused',
      bytes: 0,
    });
    await idMap.record({
      storeHash: hash,
      kind: 'placement',
      oldId: randomUUID(),
      newId: madeForAnother.uuid,
      jobId: randomUUID(),
      now: new Date(),
    });
    const inPlanBefore = await readLive(client, 'placement', { id: inPlan.uuid });
    const deletedBefore = (await readLive(client, 'placement', { id: deleted.uuid })) as Obj;
    await client.placements.delete(deleted.uuid);
    const items = [
      planItem({ kind: 'placement', key: { id: inPlan.uuid } }, 'pages/home', inPlanBefore, inPlanBefore)
        .plan,
      planItem({ kind: 'placement', key: { id: deleted.uuid } }, 'pages/home', deletedBefore, null).plan,
    ];
    expect(items.map((i) => i.action)).toEqual(['unchanged', 'create']);
    const id = await newJob(hash, token, { snapshotId, items });
    creates.length = 0;

    const dying = dyingAt('after-create');
    expect(await Promise.race([dying.dead, dying.kind.slice(id)])).toBe('died');
    expect(creates).toEqual(['placements']);
    expect(await healthy().slice(id)).toBe('finished');
    expect(creates).toEqual(['placements']);

    // The one placement of the widget that is none of the twins is the one made again, and the one adopted.
    const alike = await client.placements.listAll({ query: { widget_uuid: widget.uuid } });
    expect(alike.map((p) => p.uuid).slice(0, 3)).toEqual(twins);
    const made = alike.filter((p) => !twins.includes(p.uuid)).map((p) => p.uuid);
    expect(made).toHaveLength(1);
    const row = (await jobs.get(id))!;
    expect(row).toMatchObject({ state: 'done', total: 2, succeeded: 2, failed: 0, skipped: 0 });
    expect((row.outcomes as JobItemOutcome[]).map((o) => [o.key.id, o.outcome, o.reason])).toEqual([
      [inPlan.uuid, 'written', RESTORE_ALREADY_REASON],
      [deleted.uuid, 'written', `Made again as #${made[0]}`],
    ]);
    expect((row.backup as RestoreBackup)[backupKey(items[1]!)]?.createdId).toBe(made[0]);
    expect((await idMap.load(hash)).resolve('placement', deleted.uuid)).toBe(made[0]);
    expect(plain((await readLive(client, 'placement', { id: made[0] })) as Obj)).toEqual(
      plain(deletedBefore),
    );
  });
});

/** An item as compared: the fields the store sets itself left out. */
function plain(item: Obj): Obj {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !SERVER_SET.has(key)));
}
