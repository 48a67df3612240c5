import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a rejected submit, moves focus to the first field marked aria-invalid (so a keyboard or screen-reader user
 * lands on the problem). Call the returned function on each rejected submit.
 */
export function useFocusFirstInvalid(): [RefObject<HTMLFormElement | null>, () => void] {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return [formRef, () => setAttempt((count) => count + 1)];
}
