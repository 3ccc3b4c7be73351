/**
 * The web app's one form kit, on react-hook-form: `useKitForm` (a zod schema — the contract's
 * request schemas, with the server's register rules where they apply — checked on submit),
 * `KitForm`, the bound controls (text, password, select, checkbox, phone), the first error of each
 * field under it in the page language, server field errors shown the same way, and the form's
 * alert and submit button.
 */
export {
  CheckboxField,
  FieldShell,
  PasswordField,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
  useFieldError,
} from './controls';
export { FormAlert, KitForm, SubmitButton } from './form';
export { type FormLook, inputClass, useFormLook } from './look';
export {
  decodeMessage,
  encodeMessage,
  type FieldMessage,
  type FieldMessages,
  fillBounds,
  serverFieldMessages,
} from './messages';
export { checkRule, PATTERN_IDS, patternKey, ruleRegex } from './rules';
export { useErrorText, useFieldText } from './texts';
export {
  type FieldKeys,
  issueMessage,
  showFieldMessage,
  showFieldMessages,
  useKitForm,
  withChecks,
} from './use-form';
