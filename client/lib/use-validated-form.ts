import type { ParseKeys } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

type FormValues<Values> = { [Field in keyof Values]: string };

/**
 * A text form checked on the client (the account forms): each field's error shows from the first submit on and is
 * checked again on every change after it; a rejected submit moves the focus to the first invalid field.
 */
export function useValidatedForm<Values extends FormValues<Values>, Key extends ParseKeys>(
  initialValues: Values | (() => Values),
  validate: (values: Values) => Partial<Record<keyof Values, Key>>,
) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, Key>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const { t } = useTranslation();

  const change = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(validate(next));
  };

  /** What a `TextField` needs of one field: its value, its change handler and its error in the user's language. */
  const field = (name: keyof Values) => {
    const key = errors[name];
    return { value: values[name], onValueChange: change(name), error: key ? t(key) : undefined };
  };

  /** The form's onSubmit: checks every field, then hands the values to `onValid` when none is wrong. */
  const handleSubmit = (onValid: (values: Values) => void) => (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    onValid(values);
  };

  /** Starts again from `next` (after a save): errors wait for the next submit. */
  const restart = (next: Values) => {
    setValues(next);
    setIsSubmitted(false);
  };

  return { values, errors, formRef, change, field, handleSubmit, restart };
}
