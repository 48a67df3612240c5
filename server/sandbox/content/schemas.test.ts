import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BcApiError } from '../core/envelope';
import { parseBody } from '../core/body';
import { publishPageBody } from './page-widgets';
import { createTemplateBody } from './widgets/widget-templates';

const examples = new URL('../../../../shared/bigcommerce/examples/', import.meta.url);
const readExample = (name: string): unknown => JSON.parse(readFileSync(new URL(name, examples), 'utf8'));

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  try {
    parseBody(schema, input);
  } catch (error) {
    if (error instanceof BcApiError) {
      expect(error.status).toBe(422);
      expect(error.title).toBe('JSON data is missing or invalid');
      return error.errors;
    }
    throw error;
  }
  throw new Error('expected the parse to fail');
}

describe('write body schemas', () => {
  it('accept the spec examples as they are (thumbnail as a string included)', () => {
    expect(
      createTemplateBody.safeParse(readExample('widget_template_with_schema.request.json')).success,
    ).toBe(true);
    expect(publishPageBody.safeParse(readExample('page_widgets_regions.request.json')).success).toBe(true);
  });

  it('key errors by field', () => {
    expect(Object.keys(errorsOf(createTemplateBody, { template: 3, name: '  ', channel_id: 1.5 }))).toEqual([
      'name',
      'template',
      'channel_id',
    ]);
    const missing = errorsOf(createTemplateBody, {});
    expect(Object.keys(missing)).toEqual(['name', 'template']);
    expect(missing.name).toMatch(/^name: .*expected string, received undefined/);
    expect(errorsOf(createTemplateBody, { name: '  ', template: '' })).toEqual({
      name: 'name: must not be blank',
    });
    expect(createTemplateBody.parse({ name: ' Banner ', template: '' }).name).toBe(' Banner ');
  });

  it('check the UI schema entries', () => {
    expect(errorsOf(createTemplateBody, { name: 'a', template: '', schema: [{ type: 'carousel' }] })).toEqual(
      {
        'schema.0.type': 'schema.0.type: type must be "tab", "array" or "hidden"',
      },
    );
    expect(
      Object.keys(
        errorsOf(createTemplateBody, {
          name: 'a',
          template: '',
          schema: [{ type: 'tab', sections: [{ settings: [{ type: 'input' }] }] }],
        }),
      ),
    ).toEqual(['schema.0.sections.0.settings.0.id']);
  });

  it('infer a child type from its fields and key errors by path', () => {
    const parsed = publishPageBody.parse({
      regions: [
        {
          name: 'home_below_menu',
          children: [
            { widget_template_uuid: 'd181ebd5-f42c-4f96-8f9d-c605023f5cb6' },
            { dropzones: [{ widgets: [{ widget_template_uuid: 'e59c1412-2d85-4f18-ab4b-8a55412d945c' }] }] },
          ],
        },
      ],
    });
    expect(parsed.regions[0]?.children.map((child) => child.type)).toEqual(['widget', 'layout']);

    expect(
      errorsOf(publishPageBody, {
        regions: [
          { name: 'r', children: [{ type: 'banner' }, { type: 'widget', widget_template_uuid: 'nope' }] },
        ],
      }),
    ).toEqual({
      'regions.0.children.0.type': 'regions.0.children.0.type: type must be "widget" or "layout"',
      'regions.0.children.1.widget_template_uuid':
        'regions.0.children.1.widget_template_uuid: must be a UUID',
    });
    expect(Object.keys(errorsOf(publishPageBody, { template_file: 'pages/home' }))).toEqual(['regions']);
  });
});
