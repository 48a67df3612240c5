// A product dump handed over by Dump Product's "Import this product into…" (issue 31, client/lib/dump-handoff.ts): the
// screen opens with it loaded as its file, as if the downloaded file had been chosen, and with the store it was
// dumped from as the source store (the target picker does not open on that store by itself).
import type { TFunction } from 'i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { handedOffDump } from '../../lib/dump-handoff';
import { productFileProblemText, readProductDump, type LoadedDump } from './import-product-rules';

export type HandedOffProduct = {
  loaded: LoadedDump | null;
  status: { tone: 'ok' | 'error'; text: string; detail?: string };
  sourceStore: LocalStore | null;
};

/** The dump handed to this tab's history entry, read and checked as a chosen file would be; null when none. */
export function readHandedOffProduct(t: TFunction): HandedOffProduct | null {
  const handed = handedOffDump('import-product');
  if (!handed) return null;
  const { fileName, sourceStore } = handed;
  const read = readProductDump(handed.content);
  if (!read.ok) {
    return {
      loaded: null,
      status: { tone: 'error', ...productFileProblemText(read.problem, t) },
      sourceStore,
    };
  }
  return {
    loaded: { dump: read.dump, origin: { kind: 'file', fileName }, serial: 1 },
    status: {
      tone: 'ok',
      text: sourceStore
        ? t('workflow.nextSteps.fromDumpProduct', { store: sourceStore.name, name: fileName })
        : t('importProduct.loadedFile', { name: fileName }),
    },
    sourceStore,
  };
}
