// `POST /api/import-widgets/templates` against the app's sandbox (issue 13).
import { describe, expect, it } from 'vitest';
import {
  IMPORT_WIDGETS_TEMPLATES_PATH,
  importWidgetsTemplatesResponseSchema,
} from '../../../common/contracts/import-widgets';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE, useToolTestServer } from '../../test/store-tools';

describe.each(testDatabaseKinds())('import widgets: the target’s templates (%s)', (kind) => {
  const app = useToolTestServer(kind);

  it('lists the target’s widget templates by name, with uuid and kind, on the chosen channel', async () => {
    const answer = await app.post(IMPORT_WIDGETS_TEMPLATES_PATH, { store: DEMO_STORE, channelId: '1' });
    expect(answer.status).toBe(200);
    const { templates } = importWidgetsTemplatesResponseSchema.parse(answer.body);
    const direct = await app.sandbox<{ data: { uuid: string; name: string }[] }>(
      '/v3/content/widget-templates?channel_id:in=1&limit=250',
    );
    expect(templates.map((t) => t.uuid).sort()).toEqual(direct.data.map((t) => t.uuid).sort());
    expect(templates.some((t) => t.kind === 'custom')).toBe(true);
    const names = templates.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // An invalid channel id reads as 1 (spec part 1 §5).
    const fallback = await app.post(IMPORT_WIDGETS_TEMPLATES_PATH, { store: DEMO_STORE, channelId: 'x' });
    expect(importWidgetsTemplatesResponseSchema.parse(fallback.body).templates).toEqual(templates);
  });

  it('needs a store', async () => {
    const answer = await app.post(IMPORT_WIDGETS_TEMPLATES_PATH, { channelId: 1 });
    expect(answer).toEqual({
      status: 400,
      body: { success: false, error: 'Please select a store', code: 'store_required' },
    });
  });
});
