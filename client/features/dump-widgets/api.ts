import {
  DUMP_WIDGETS_PATH,
  dumpProgressSchema,
  dumpWidgetsResponseSchema,
  type DumpProgress,
  type DumpWidgetsRequest,
} from '../../../common/contracts/dump-widgets';
import type { WidgetsDump } from '../../../common/dumps/widgets-dump';
import { apiStream } from '../../lib/api';
import { toolData } from '../../lib/tool-errors';

/** `POST /api/dump-widgets` with progress (pages done of total), then the widgets dump (spec part 1 §7). */
export async function dumpWidgets(
  request: DumpWidgetsRequest,
  onProgress: (progress: DumpProgress) => void,
): Promise<WidgetsDump> {
  return toolData(
    await apiStream({
      path: DUMP_WIDGETS_PATH,
      body: request,
      schema: dumpWidgetsResponseSchema,
      progressSchema: dumpProgressSchema,
      onProgress,
    }),
  );
}
