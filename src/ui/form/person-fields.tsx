import { withFieldGroup } from './app-form';

/** The form fields a person fills in, by name, for forms that keep them at the top level. */
export const personFieldNames = { firstName: 'firstName', lastName: 'lastName', email: 'email' } as const;
export const passwordFieldNames = { password: 'password', confirmPassword: 'confirmPassword' } as const;

/** First Name, Last Name and Email, each a cell of the caller's grid. */
export const PersonFields = withFieldGroup({
  defaultValues: { firstName: '', lastName: '', email: '' },
  render: ({ group }) => (
    <>
      <group.AppField name="firstName">
        {(field) => <field.TextField label="First Name*" autoComplete="off" />}
      </group.AppField>
      <group.AppField name="lastName">
        {(field) => <field.TextField label="Last Name*" autoComplete="off" />}
      </group.AppField>
      <group.AppField name="email">
        {(field) => <field.TextField type="email" label="Email*" autoComplete="off" />}
      </group.AppField>
    </>
  ),
});

/** Password and Confirm Password, each a cell of the caller's grid; editing, blank keeps the current one. */
export const PasswordFields = withFieldGroup({
  defaultValues: { password: '', confirmPassword: '' },
  props: { editing: false },
  render: ({ group, editing }) => (
    <>
      <group.AppField name="password">
        {(field) => <field.PasswordField label="Password" keepsCurrent={editing} />}
      </group.AppField>
      <group.AppField name="confirmPassword">
        {(field) => <field.PasswordField label="Confirm Password" keepsCurrent={editing} />}
      </group.AppField>
    </>
  ),
});
