import { describe, expect, it, vi } from 'vitest';
import { render } from '../../lib/render-test';
import { cancelOnRequest, ConfirmDialog, ConfirmDialogView } from './confirm-dialog';

const noop = () => undefined;

describe('ConfirmDialog', () => {
  it('renders nothing while closed', () => {
    const html = render(
      <ConfirmDialog
        isOpen={false}
        title="Delete?"
        message="Gone for good."
        onConfirm={noop}
        onCancel={noop}
      />,
    );
    expect(html).toBe('');
  });

  it('is a modal dialog named by its title and described by its message, with Cancel and Confirm', () => {
    const html = render(
      <ConfirmDialog
        isOpen
        title="Delete store?"
        message="Shop will be removed."
        onConfirm={noop}
        onCancel={noop}
      />,
    );
    expect(html).toMatch(/^<dialog\b/);
    expect(html).toContain('aria-modal="true"');
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"[^>]*>Delete store\\?</h2>`));
    expect(html).toMatch(new RegExp(`<p id="${describedBy}"[^>]*>Shop will be removed.</p>`));
    const buttons = [...html.matchAll(/<button type="button"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(['Cancel', 'Confirm']);
  });

  it('takes its own button texts, in the language of the page', () => {
    const html = render(
      <ConfirmDialog
        isOpen
        isDestructive
        title="Xóa?"
        message="Không thể hoàn tác."
        confirmLabel="Xóa"
        onConfirm={noop}
        onCancel={noop}
      />,
      'vi',
    );
    const buttons = [...html.matchAll(/<button type="button"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(['Hủy', 'Xóa']);
    expect(html).toContain('bg-red-600');
  });

  it('answers Cancel to Escape and keeps the dialog for React to close', () => {
    const onCancel = vi.fn();
    const event = { preventDefault: vi.fn() };
    cancelOnRequest(event, onCancel);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('wires the buttons to the answers', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const view = ConfirmDialogView({
      id: 'd',
      title: 'T',
      message: 'M',
      confirmLabel: 'Yes',
      cancelLabel: 'No',
      isDestructive: false,
      onConfirm,
      onCancel,
      testId: 'confirm-dialog',
    });
    const buttons = findButtons(view);
    expect(buttons.map((b) => b.props.children)).toEqual(['No', 'Yes']);
    buttons[0]?.props.onClick?.();
    expect(onCancel).toHaveBeenCalledOnce();
    buttons[1]?.props.onClick?.();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

type ButtonElement = React.ReactElement<{ children?: unknown; onClick?: () => void }>;

/** The <button> elements of a rendered tree (host elements only: the view has no components inside). */
function findButtons(node: unknown): ButtonElement[] {
  if (Array.isArray(node)) return node.flatMap(findButtons);
  if (typeof node !== 'object' || node === null || !('props' in node)) return [];
  const element = node as React.ReactElement<{ children?: unknown }>;
  const own = element.type === 'button' ? [element as ButtonElement] : [];
  return [...own, ...findButtons(element.props.children)];
}
