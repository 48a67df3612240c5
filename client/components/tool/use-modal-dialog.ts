import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown modal while the component is mounted: `dialogRef` goes on the <dialog>, `focusRef` on
 * the control that takes the focus when it opens; on close, focus goes back to where it was.
 */
export function useModalDialog<F extends HTMLElement = HTMLButtonElement>() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const focusRef = useRef<F>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    focusRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);
  return { dialogRef, focusRef };
}
