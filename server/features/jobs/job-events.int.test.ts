// Issue 29 (L1): a job's followers see every progress step, however close together the waves settle; the stream looks
// at the row every 400 ms, and the steps in between come from the row's `progress` list, each with its own event id.
import { describe, expect, it } from 'vitest';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import { jobEventsPath, jobResponseSchema, type JobView } from '../../../common/contracts/jobs';
import { WAVE_SIZE } from '../bulk-edit/bulk-edit.job';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, useToolTestServer } from '../../test/store-tools';

type Event = { id: number; view: JobView };

/** The events of one stream, read to its end (the job's final state). */
async function readEvents(res: Response): Promise<Event[]> {
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return (await res.text())
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const line = (prefix: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(prefix))!
          .slice(prefix.length);
      return { id: Number(line('id: ')), view: JSON.parse(line('data: ')) as JobView };
    });
}

const done = (view: JobView) => view.succeeded + view.failed;

describe.each(testDatabaseKinds())('a job’s progress steps on its event stream (%s)', (kind) => {
  const app = useToolTestServer(kind);

  it('sends a live follower every wave, and one that comes back every step it missed', async () => {
    const productIds = Array.from({ length: 3 * WAVE_SIZE + 7 }, (_, i) => 78 + i);
    const started = await app.server.request(bulkEditPaths('copy-description').start, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        sourceStoreCredentials: DEMO,
        sourceProductId: '77',
        targetStoreCredentials: DEMO,
        targetOption: 'specific',
        targetValue: productIds.join(','),
      }),
    });
    expect(started.status).toBe(200);
    const cookie = started.headers.get('set-cookie')?.split(';')[0] ?? '';
    const { job } = jobResponseSchema.parse(await started.json());

    // Live, from the start: the waves settle within one look of the stream on a fast store, and each is still sent.
    const live = await readEvents(await app.server.request(jobEventsPath(job.id), { headers: { cookie } }));
    const final = live.at(-1)!.view;
    expect(final).toMatchObject({ state: 'done', total: productIds.length, failed: 0 });
    const steps = [final.skipped];
    for (let next = final.skipped + WAVE_SIZE; next < final.total; next += WAVE_SIZE) steps.push(next);
    steps.push(final.total);
    const seen = live.filter((event) => event.view.state !== 'queued').map((event) => done(event.view));
    for (const step of steps.slice(1)) expect(seen).toContain(step);
    // Ids only go up, and the counts never go back.
    expect(live.map((event) => event.id)).toEqual([...live.map((event) => event.id)].sort((x, y) => x - y));
    expect(seen).toEqual([...seen].sort((x, y) => x - y));

    // Back after a drop (Last-Event-ID of the first event): every step after it, then the end, and nothing twice.
    const again = await readEvents(
      await app.server.request(jobEventsPath(job.id), {
        headers: { cookie, 'Last-Event-ID': String(live[0]!.id) },
      }),
    );
    expect(again.map((event) => event.id)).toEqual(
      [...new Set(again.map((event) => event.id))].filter((id) => id > live[0]!.id),
    );
    const againDone = again.map((event) => done(event.view));
    for (const step of steps.filter((step) => step > done(live[0]!.view))) expect(againDone).toContain(step);
    expect(again.at(-1)!.view).toEqual(final);
  });
});
