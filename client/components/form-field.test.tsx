import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormAlert, SubmitButton, TextField } from './form-field';

const noop = () => undefined;

/** The attributes of the first tag matching `tag` in some markup. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  const out: Record<string, string> = {};
  for (const [, name, value] of (match?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
    if (name !== undefined) out[name] = value ?? '';
  }
  return out;
}

describe('TextField', () => {
  it('labels its input and is valid without an error', () => {
    const html = renderToStaticMarkup(<TextField label="Email" value="" onValueChange={noop} />);
    const input = attributesOf(html, 'input');
    expect(attributesOf(html, 'label').for).toBe(input.id);
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBeUndefined();
  });

  it('marks an error invalid and links the error and the hint to the input', () => {
    const html = renderToStaticMarkup(
      <TextField label="Password" value="x" onValueChange={noop} error="Password is required" hint="6+" />,
    );
    const input = attributesOf(html, 'input');
    expect(input['aria-invalid']).toBe('true');
    const ids = (input['aria-describedby'] ?? '').split(' ');
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(new RegExp(`id="${ids[0]}"[^>]*>Password is required<`));
    expect(html).toMatch(new RegExp(`id="${ids[1]}"[^>]*>6\\+<`));
  });
});

describe('SubmitButton', () => {
  it("shows the busy label, disabled, while busy ('Saving...')", () => {
    const busy = renderToStaticMarkup(<SubmitButton isBusy label="Save Changes" busyLabel="Saving..." />);
    expect(busy).toContain('>Saving...<');
    expect(attributesOf(busy, 'button')).toMatchObject({ type: 'submit', disabled: '', 'aria-busy': 'true' });
    const idle = renderToStaticMarkup(
      <SubmitButton isBusy={false} label="Save Changes" busyLabel="Saving..." />,
    );
    expect(idle).toContain('>Save Changes<');
    expect(attributesOf(idle, 'button').disabled).toBeUndefined();
  });

  it('can be disabled while idle (a form that is not ready), keeping its label and not busy', () => {
    const html = renderToStaticMarkup(
      <SubmitButton isBusy={false} isDisabled label="Dump Widgets" busyLabel="Processing..." />,
    );
    expect(html).toContain('>Dump Widgets<');
    const button = attributesOf(html, 'button');
    expect(button.disabled).toBe('');
    expect(button['aria-busy']).toBeUndefined();
  });
});

describe('FormAlert', () => {
  it('announces errors at once and the rest politely', () => {
    expect(attributesOf(renderToStaticMarkup(<FormAlert tone="error">x</FormAlert>), 'div').role).toBe(
      'alert',
    );
    expect(attributesOf(renderToStaticMarkup(<FormAlert tone="success">x</FormAlert>), 'div').role).toBe(
      'status',
    );
  });
});
