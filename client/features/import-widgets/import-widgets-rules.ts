// The Import Widgets screen's logic (spec part 1 §2, §4, §5, §7): reading the file, which custom templates the target
// lacks, the page selection and the request it builds. Pure: the screen and the unit tests share it.
import {
  IMPORT_WIDGETS_MESSAGES,
  isJsonFileName,
  normaliseChannelId,
  readWidgetsImportFile,
  type ImportWidgetsRequest,
  type TargetWidgetTemplate,
  type WidgetsImportFile,
} from '../../../common/contracts/import-widgets';
import {
  listSnapshotWidgets,
  type DumpedPage,
  type DumpedWidgetTemplate,
  type SnapshotRegion,
} from '../../../common/dumps/widgets-dump';
import type { EntityKind } from '../../components/entity-picker/entity-picker-rules';

/** The spec's Import Widgets messages, by their key in IMPORT_WIDGETS_MESSAGES (the catalogue uses the same keys). */
export type ImportWidgetsMessageKey = keyof typeof IMPORT_WIDGETS_MESSAGES;

function messageKeyOf(message: string): ImportWidgetsMessageKey {
  const found = (Object.keys(IMPORT_WIDGETS_MESSAGES) as ImportWidgetsMessageKey[]).find(
    (key) => IMPORT_WIDGETS_MESSAGES[key] === message,
  );
  return found ?? 'invalidFormat';
}

export type ImportFileRead =
  { ok: true; file: WidgetsImportFile } | { ok: false; problem: ImportWidgetsMessageKey };

/**
 * Reads a chosen file (spec part 1 §5): the name must end in .json ('Please select a JSON file'), the text must parse
 * ('Invalid JSON file'), and the content must be a Dump Widgets file or an array of pages holding at least one page.
 */
export async function readImportFile(file: Pick<File, 'name' | 'text'>): Promise<ImportFileRead> {
  if (!isJsonFileName(file.name)) return { ok: false, problem: 'notJsonFile' };
  let content: unknown;
  try {
    content = JSON.parse(await file.text());
  } catch {
    return { ok: false, problem: 'invalidJson' };
  }
  const read = readWidgetsImportFile(content);
  return read.ok ? { ok: true, file: read.file } : { ok: false, problem: messageKeyOf(read.message) };
}

/** Template names compare case-insensitively (spec part 1 §4). */
export const templateNameKey = (name: string) => name.toLowerCase();

export type MissingTemplate = {
  name: string;
  /** The template's uuid in the dump's store. */
  uuid: string;
  /** Widgets of the dump's pages that use it. */
  widgetsCount: number;
};

/** How many widgets of the pages use each widget template uuid. */
export function countWidgetsByTemplate(pages: readonly Pick<DumpedPage, 'snapshot'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const widget of listSnapshotWidgets(page.snapshot.regions)) {
      const uuid = widget.widget_template_uuid;
      if (uuid) counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * The dump's custom templates whose name the target lacks (spec part 1 §4: by name, case-insensitive; other kinds are
 * BigCommerce's built-ins and exist everywhere), in the dump's order, each with the widgets of the file that use it.
 */
export function findMissingTemplates(
  file: WidgetsImportFile,
  target: readonly Pick<TargetWidgetTemplate, 'name'>[],
): MissingTemplate[] {
  const targetNames = new Set(target.map((template) => templateNameKey(template.name)));
  const counts = countWidgetsByTemplate(file.pages);
  const seen = new Set<string>();
  const missing: MissingTemplate[] = [];
  for (const template of file.sourceWidgetTemplates) {
    const key = templateNameKey(template.name);
    if (template.kind !== 'custom' || targetNames.has(key) || seen.has(key)) continue;
    seen.add(key);
    missing.push({ name: template.name, uuid: template.uuid, widgetsCount: counts.get(template.uuid) ?? 0 });
  }
  return missing;
}

/** The widgets of a page whose template is one of the missing ones (skipped unless they are created). */
export function countMissingWidgets(
  page: Pick<DumpedPage, 'snapshot'>,
  missing: readonly Pick<MissingTemplate, 'uuid'>[],
): number {
  const uuids = new Set(missing.map((template) => template.uuid));
  return listSnapshotWidgets(page.snapshot.regions).filter(
    (widget) => widget.widget_template_uuid !== undefined && uuids.has(widget.widget_template_uuid),
  ).length;
}

export const countPageWidgets = (page: Pick<DumpedPage, 'snapshot'>) =>
  listSnapshotWidgets(page.snapshot.regions).length;

/** The pages table: which pages are ticked, and the new entity id typed for each page (prefilled from the dump). */
export type PagesForm = {
  /** Ticked page indexes, ascending. */
  selected: number[];
  /** Per page index: the new entity id text ('' for a page without an entity). */
  entityIds: string[];
};

export function initialPagesForm(pages: readonly Pick<DumpedPage, 'entity_id'>[]): PagesForm {
  return { selected: [], entityIds: pages.map((page) => page.entity_id ?? '') };
}

export function togglePage(form: PagesForm, index: number): PagesForm {
  const selected = form.selected.includes(index)
    ? form.selected.filter((i) => i !== index)
    : [...form.selected, index].sort((a, b) => a - b);
  return { ...form, selected };
}

/** Select all ticks every page; when every page is ticked already, it unticks them all. */
export function toggleAllPages(form: PagesForm): PagesForm {
  const isAll = form.selected.length === form.entityIds.length;
  return { ...form, selected: isAll ? [] : form.entityIds.map((_, index) => index) };
}

export function setEntityId(form: PagesForm, index: number, value: string): PagesForm {
  return { ...form, entityIds: form.entityIds.map((id, i) => (i === index ? value : id)) };
}

/** Spec part 1 §4 "Import Widgets page selection holds, per page, the index, the new entity id and the channel." */
export type PageSelection = { index: number; newEntityId: string | null; channelId: number };

export type SelectionProblem =
  | { kind: 'no-page' }
  /** A page that has an entity needs a new entity id that is a positive whole number. */
  | { kind: 'entity-id'; index: number; value: string };

/** The ticked pages as the spec's selection, with the screen's channel (an invalid channel reads as 1). */
export function buildSelection(
  form: PagesForm,
  pages: readonly Pick<DumpedPage, 'entity_id'>[],
  channelText: string,
): { ok: true; selection: PageSelection[] } | { ok: false; problem: SelectionProblem } {
  if (form.selected.length === 0) return { ok: false, problem: { kind: 'no-page' } };
  const channelId = normaliseChannelId(channelText);
  const selection: PageSelection[] = [];
  for (const index of form.selected) {
    const page = pages[index];
    if (!page) continue;
    if (page.entity_id === null) {
      selection.push({ index, newEntityId: null, channelId });
      continue;
    }
    const value = (form.entityIds[index] ?? '').trim();
    if (!/^[1-9][0-9]{0,9}$/.test(value)) return { ok: false, problem: { kind: 'entity-id', index, value } };
    selection.push({ index, newEntityId: value, channelId });
  }
  return { ok: true, selection };
}

/** `POST /api/import-widgets` (spec part 1 §7): the selected pages with their new entity id and channel. */
export function buildImportRequest(
  file: WidgetsImportFile,
  selection: readonly PageSelection[],
  store: ImportWidgetsRequest['store'],
  autoCreateMissingTemplates: boolean,
): ImportWidgetsRequest {
  return {
    store,
    pages: selection.flatMap(({ index, newEntityId, channelId }) => {
      const page = file.pages[index];
      return page
        ? [
            {
              template_file: page.template_file,
              entity_id: newEntityId,
              channel_id: channelId,
              regions: page.snapshot.regions,
            },
          ]
        : [];
    }),
    autoCreateMissingTemplates,
    sourceWidgetTemplates: file.sourceWidgetTemplates,
  };
}

/** A widget template's name by uuid: the dump's templates first, then the target's (built-ins share their uuids). */
export function templateNamesByUuid(
  source: readonly Pick<DumpedWidgetTemplate, 'uuid' | 'name'>[],
  target: readonly Pick<TargetWidgetTemplate, 'uuid' | 'name'>[],
): Map<string, string> {
  const names = new Map<string, string>();
  for (const template of [...target, ...source]) names.set(template.uuid, template.name);
  return names;
}

/** One node of the details tree: a region holds layouts and widgets, a layout holds dropzones, a dropzone widgets. */
export type TreeNode =
  | { kind: 'region'; name: string; children: TreeNode[] }
  | { kind: 'layout'; name: string | undefined; children: TreeNode[] }
  | { kind: 'dropzone'; position: number; children: TreeNode[] }
  | { kind: 'widget'; name: string | undefined; templateUuid: string | undefined };

/** The page's regions as the tree the details modal shows (the same reading of layouts as the dump's summary). */
export function buildPageTree(regions: readonly SnapshotRegion[]): TreeNode[] {
  return regions.map((region) => ({
    kind: 'region',
    name: region.name,
    children: region.children.map((child): TreeNode => {
      const isLayout = child.type === 'layout' || (child.type === undefined && child.dropzones !== undefined);
      if (!isLayout) return { kind: 'widget', name: child.name, templateUuid: child.widget_template_uuid };
      return {
        kind: 'layout',
        name: child.name,
        children: (child.dropzones ?? []).map((dropzone, position) => ({
          kind: 'dropzone',
          position: position + 1,
          children: (dropzone.widgets ?? []).map((widget) => ({
            kind: 'widget',
            name: widget.name,
            templateUuid: widget.widget_template_uuid,
          })),
        })),
      };
    }),
  }));
}

/** How a page is named on the screen: `pages/product #77`, or the global regions' own words. */
export function pageLabel(
  page: { templateFile: string | null; entityId: string | null },
  globalRegionsText: string,
): string {
  const name = page.templateFile ?? globalRegionsText;
  return page.entityId ? `${name} #${page.entityId}` : name;
}

const ENTITY_KINDS: Readonly<Record<string, EntityKind>> = {
  'pages/product': 'product',
  'pages/category': 'category',
  'pages/brand': 'brand',
};

/** The kind of entity a page's new id names, when the store can be searched for it by name (issue 31). */
export function entityKindOf(templateFile: string | null): EntityKind | null {
  return (templateFile && ENTITY_KINDS[templateFile]) || null;
}

/** A page whose widgets the import will skip, with the widgets (name, or '' when unnamed) and their missing template. */
export type SkippedPage = {
  page: { templateFile: string | null; entityId: string | null };
  widgets: { name: string; template: string }[];
};

/**
 * Issue 44: the widgets of the selected pages that the import will skip, said in its confirmation: those whose custom
 * template is missing in the target while "Create missing templates automatically" is off. Nothing when the target's
 * templates are not known (not loaded) or the missing ones will be created.
 */
export function widgetsToSkip(
  file: WidgetsImportFile,
  selection: readonly PageSelection[],
  missing: readonly Pick<MissingTemplate, 'uuid' | 'name'>[] | null,
  autoCreate: boolean,
): SkippedPage[] {
  if (!missing || missing.length === 0 || autoCreate) return [];
  const names = new Map(missing.map((template) => [template.uuid, template.name]));
  return selection.flatMap(({ index, newEntityId }) => {
    const page = file.pages[index];
    if (!page) return [];
    const widgets = listSnapshotWidgets(page.snapshot.regions).flatMap((widget) => {
      const template = widget.widget_template_uuid ? names.get(widget.widget_template_uuid) : undefined;
      return template === undefined ? [] : [{ name: widget.name?.trim() ?? '', template }];
    });
    return widgets.length === 0
      ? []
      : [{ page: { templateFile: page.template_file, entityId: newEntityId }, widgets }];
  });
}
