// The Dump Widgets form: checklist, entity ids, channel, and what is sent (spec part 1 §2, §5, §9). Pure.
import type { DumpWidgetsRequest } from '../../../common/contracts/dump-widgets';
import type { StoreCredentials } from '../../../common/contracts/stores';
import {
  PAGE_TEMPLATE_IDS,
  needsEntityId,
  parseEntityIds,
  type PageTemplateId,
} from '../../../common/dumps/page-templates';
import type { DumpMode } from '../../../common/dumps/widgets-dump';

export type WidgetsForm = {
  mode: DumpMode;
  /** Checked templates, in catalogue order. */
  selected: PageTemplateId[];
  /** Entity-id text per template (only the five entity templates use it). */
  entityIds: Partial<Record<PageTemplateId, string>>;
  channelId: string;
};

export const initialWidgetsForm: WidgetsForm = { mode: 'global', selected: [], entityIds: {}, channelId: '' };

/** Checks or unchecks a template; unchecking clears its entity ids (spec part 1 §5). */
export function toggleTemplate(form: WidgetsForm, template: PageTemplateId): WidgetsForm {
  if (form.selected.includes(template)) {
    const entityIds = { ...form.entityIds };
    delete entityIds[template];
    return { ...form, selected: form.selected.filter((t) => t !== template), entityIds };
  }
  return { ...form, selected: PAGE_TEMPLATE_IDS.filter((t) => t === template || form.selected.includes(t)) };
}

export function selectAllTemplates(form: WidgetsForm): WidgetsForm {
  return { ...form, selected: [...PAGE_TEMPLATE_IDS] };
}

/** Deselect All unchecks everything, so every entity id is cleared too. */
export function deselectAllTemplates(form: WidgetsForm): WidgetsForm {
  return { ...form, selected: [], entityIds: {} };
}

/** Submit is disabled in selected mode while no template is checked ('Please select at least one template'). */
export function isMissingTemplates(form: WidgetsForm): boolean {
  return form.mode === 'selected' && form.selected.length === 0;
}

export type WidgetsFormProblem =
  | { kind: 'store' }
  | { kind: 'templates' }
  | { kind: 'entity-required'; template: PageTemplateId }
  | { kind: 'entity-invalid'; template: PageTemplateId; value: string };

export function validateWidgetsForm(form: WidgetsForm, hasStore: boolean): WidgetsFormProblem | null {
  if (!hasStore) return { kind: 'store' };
  if (form.mode !== 'selected') return null;
  if (form.selected.length === 0) return { kind: 'templates' };
  for (const template of form.selected) {
    if (!needsEntityId(template)) continue;
    const parsed = parseEntityIds(form.entityIds[template] ?? '');
    if (!parsed.ok) return { kind: 'entity-invalid', template, value: parsed.invalid };
    if (parsed.ids.length === 0) return { kind: 'entity-required', template };
  }
  return null;
}

/** "Channel id is optional and parsed as an integer" (spec part 1 §5): blank or unreadable means none. */
export function parseChannelId(text: string): number | undefined {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

export function buildWidgetsRequest(form: WidgetsForm, store: StoreCredentials): DumpWidgetsRequest {
  const channelId = parseChannelId(form.channelId);
  const request: DumpWidgetsRequest = { storeCredentials: store, dumpMode: form.mode };
  if (channelId !== undefined) request.channelId = channelId;
  if (form.mode === 'selected') {
    request.selectedTemplates = [...form.selected];
    request.entityIds = Object.fromEntries(
      form.selected.filter(needsEntityId).map((template) => [template, form.entityIds[template] ?? '']),
    );
  }
  return request;
}
