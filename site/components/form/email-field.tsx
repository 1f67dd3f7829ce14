import { TextField, type TextFieldProps } from './text-field.tsx'

interface EmailFieldProps extends Omit<TextFieldProps, 'type' | 'label'> {
  label?: string
}

/** An e-mail address field: the keyboard, the autofill and the input type an address wants. */
export function EmailField({ label = 'Email', ...field }: EmailFieldProps) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...field} />
}
