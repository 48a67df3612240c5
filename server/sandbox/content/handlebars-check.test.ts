import { describe, expect, it } from 'vitest';
import { findHandlebarsProblem } from './handlebars-check';

describe('findHandlebarsProblem', () => {
  it.each([
    ['{{#each images}}<img src="{{imageUrl.src}}">{{/each}}'],
    ['{{#if a}}x{{else}}y{{/if}}'],
    ['{{#if a}}x{{^}}y{{/if}}'],
    ['{{~#with data.site.product~}}{{name}}{{~/with~}}'],
    ['{{{html}}} and {{!-- {{#if}} inside a comment --}} and {{! short }}'],
    ['{{#> layout}}body{{/layout}}'],
    ['{{#*inline "card"}}x{{/inline}}{{> card}}'],
    ['\\{{#literal}} is escaped'],
    ['<p>no mustaches</p>'],
    [''],
  ])('accepts %j', (template) => {
    expect(findHandlebarsProblem(template)).toBeNull();
  });

  it('names a block that is never closed', () => {
    expect(findHandlebarsProblem('<ul>{{#each items}}<li>{{this}}</li>')).toEqual({
      message: '"{{#each}}" is never closed',
      offset: 4,
    });
  });

  it('names a block closed by the wrong name', () => {
    expect(findHandlebarsProblem('{{#if a}}{{#each b}}{{/if}}{{/each}}')).toEqual({
      message: '"{{#each}}" is closed by "{{/if}}"',
      offset: 20,
    });
  });

  it('names a close without an open', () => {
    expect(findHandlebarsProblem('text{{/if}}')).toEqual({
      message: '"{{/if}}" closes a block that was never opened',
      offset: 4,
    });
  });

  it('names an unclosed mustache and an unclosed comment', () => {
    expect(findHandlebarsProblem('a {{name')).toEqual({ message: 'Unclosed mustache "{{"', offset: 2 });
    expect(findHandlebarsProblem('a {{{raw}}')).toEqual({ message: 'Unclosed mustache "{{{"', offset: 2 });
    expect(findHandlebarsProblem('{{!-- open')).toEqual({ message: 'Unclosed comment "{{!--"', offset: 0 });
  });
});
