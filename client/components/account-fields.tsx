import { TextField, type TextFieldProps } from './form-field';

type AccountFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'>;

/** The email field of the account forms (login, register, forgot password, Profile Settings). */
export function EmailField(props: AccountFieldProps) {
  return <TextField {...props} type="email" autoComplete="email" />;
}

/**
 * A password field of the account forms. `purpose` tells the browser's password manager what to offer: the saved
 * password ('current') or a new one ('new', also for its confirmation).
 */
export function PasswordField({ purpose, ...props }: AccountFieldProps & { purpose: 'current' | 'new' }) {
  return (
    <TextField
      {...props}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
    />
  );
}
