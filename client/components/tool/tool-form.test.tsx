import { describe, expect, it } from 'vitest';
import { render } from '../../lib/render-test';
import { ToolErrorAlert, ToolSubmitButton } from './tool-form';

describe('ToolSubmitButton', () => {
  it("is the tool's submit button, 'Processing...' and disabled while the run lasts", () => {
    const idle = render(<ToolSubmitButton label="Dump Product" isBusy={false} />);
    expect(idle).toMatch(/^<button type="submit" data-testid="tool-submit"[^>]*>Dump Product<\/button>$/);
    const busy = render(<ToolSubmitButton label="Dump Product" isBusy />);
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('>Processing...<');
    expect(render(<ToolSubmitButton label="Import" busyLabel="Importing..." isBusy />)).toContain(
      '>Importing...<',
    );
  });
});

describe('ToolErrorAlert', () => {
  it('shows only an error outcome, as an alert', () => {
    expect(render(<ToolErrorAlert outcome={null} />)).toBe('');
    expect(render(<ToolErrorAlert outcome={{ tone: 'success', fileName: 'x.json' }} />)).toBe('');
    expect(render(<ToolErrorAlert outcome={{ tone: 'error', text: 'Please select a store' }} />)).toMatch(
      /^<div role="alert" data-testid="tool-error"[^>]*>Please select a store<\/div>$/,
    );
  });
});
