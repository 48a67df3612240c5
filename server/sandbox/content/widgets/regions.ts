// /v3/content/regions (widgets.v3.yml) [WID getContentRegions]: the active theme's regions of a template file, and the
// check of a template_file / entity_id pair that placements and page widgets share (./template-files.ts knows the theme).
import type { Hono } from 'hono';
import { isEntityId } from '../../../../common/dumps/page-templates';
import type { SandboxEnv } from '../../core/app-env';
import { BcApiError, v3Data } from '../../core/envelope';
import { intParam, strParam } from '../../core/query';
import { query } from '../../catalog/route-helpers';
import type { GetContent } from '../route-helpers';
import { acceptsEntityId, isKnownTemplateFile, themeRegionNames } from '../template-files';

/** `GET /content/regions`: the active theme's regions for a template file (Cornerstone's names). */
export function themeRegions(templateFile: string): { name: string }[] {
  if (!isKnownTemplateFile(templateFile)) {
    throw new BcApiError(404, `Template file ${templateFile} not found in the active theme`);
  }
  return themeRegionNames(templateFile).map((name) => ({ name }));
}

/** Checks a template_file / entity_id pair; both empty addresses the global regions when `allowGlobal`. */
export function checkPageAddress(templateFile: string, entityId: string, allowGlobal: boolean): void {
  if (templateFile === '') {
    if (!allowGlobal)
      throw new BcApiError(422, 'template_file is required', {
        template_file: 'template_file is required',
      });
    if (entityId !== '') {
      throw new BcApiError(422, 'entity_id needs a template_file', {
        entity_id: 'entity_id must be left out for the global regions',
      });
    }
    return;
  }
  if (!isKnownTemplateFile(templateFile)) {
    throw new BcApiError(422, `Unknown template_file ${templateFile}`, {
      template_file: `template_file ${templateFile} is not a template file of the active theme`,
    });
  }
  if (entityId === '') return;
  if (!acceptsEntityId(templateFile)) {
    throw new BcApiError(422, `${templateFile} does not support entity_id`, {
      entity_id: `entity_id is not supported for template_file ${templateFile}`,
    });
  }
  if (!isEntityId(entityId)) {
    throw new BcApiError(422, 'Invalid entity_id', {
      entity_id: 'entity_id must be a positive integer id sent as a string',
    });
  }
}

/** Adds the regions route: `template_file` is required; its description spells it `templateFile`. */
export function addRegionRoutes(app: Hono<SandboxEnv>, getContent: GetContent): void {
  app.get('/regions', (c) => {
    const q = query(c);
    const templateFile = strParam(q, 'template_file') ?? strParam(q, 'templateFile');
    if (!templateFile) {
      throw new BcApiError(422, 'Query parameter "template_file" is required.', {
        template_file: 'template_file is required',
      });
    }
    intParam(q, 'channel_id');
    return v3Data(c, getContent(c).themeRegions(templateFile));
  });
}
