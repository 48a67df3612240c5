// The treemap's group names in the reader's language (issue 31): the tree (common/dumps/widgets-hierarchy.ts) names
// its groups in English, as data; the screen shows "All", "Pages", "Widget templates" and a dump's "Global regions"
// page in the catalogue's words. Ids and every other name stay as the dump has them.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAMES, type HierarchyNode } from '../../../common/dumps/widgets-hierarchy';

export type GroupNames = { [K in keyof typeof GROUP_NAMES]: string };

/** A page's name with the global regions' words translated ("Global regions · Summer (#12)" keeps its entity). */
function pageName(name: string, globalRegions: string): string {
  if (name === GROUP_NAMES.globalRegions) return globalRegions;
  const prefix = `${GROUP_NAMES.globalRegions} · `;
  return name.startsWith(prefix) ? `${globalRegions} · ${name.slice(prefix.length)}` : name;
}

/**
 * The tree with its group names (and the global regions' page names) in `names`. Only the nodes renamed and their
 * ancestors are copied; the rest of the tree is shared, and in English the tree itself comes back.
 */
export function localiseGroupNames(root: HierarchyNode, names: GroupNames): HierarchyNode {
  if (
    names.root === GROUP_NAMES.root &&
    names.pages === GROUP_NAMES.pages &&
    names.templates === GROUP_NAMES.templates &&
    names.globalRegions === GROUP_NAMES.globalRegions
  )
    return root;
  const rename = (node: HierarchyNode): HierarchyNode => {
    switch (node.kind) {
      case 'pages':
        return {
          ...node,
          name: names.pages,
          ...(node.children && {
            children: node.children.map((page) => {
              const name = pageName(page.name, names.globalRegions);
              return name === page.name ? page : { ...page, name };
            }),
          }),
        };
      case 'templates':
        return { ...node, name: names.templates };
      default:
        return node;
    }
  };
  return {
    ...root,
    name: root.kind === 'root' ? names.root : root.name,
    ...(root.children && { children: root.children.map(rename) }),
  };
}

/** The shown tree: `root` with its group names in the reader's language (the same tree object while they hold). */
export function useLocalisedTree(root: HierarchyNode | null): HierarchyNode | null {
  const { t } = useTranslation();
  const names: GroupNames = {
    root: t('widgetsVisualization.kinds.root'),
    pages: t('widgetsVisualization.kinds.pages'),
    templates: t('widgetsVisualization.kinds.templates'),
    globalRegions: t('widgetsVisualization.globalRegions'),
  };
  const { root: all, pages, templates, globalRegions } = names;
  return useMemo(
    () => (root ? localiseGroupNames(root, { root: all, pages, templates, globalRegions }) : null),
    [root, all, pages, templates, globalRegions],
  );
}
