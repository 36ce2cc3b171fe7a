import { type ForgotPasswordInput, forgotPasswordSchema } from '@contract/auth';
import { Anchor, Group, Stack } from '@mantine/core';
import { revalidateLogic } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { toast } from '@/lib/notify';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors } from '@/ui/form/server-errors';
import { AuthCard } from './auth-card';
import { useForgotPasswordMutation } from './queries';

const defaultValues: ForgotPasswordInput = { email: '' };

export function ForgotPasswordScreen() {
  const forgotPassword = useForgotPasswordMutation();

  const form = useAppForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: forgotPasswordSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const { message } = await forgotPassword.mutateAsync(value);
        toast.success(message);
        formApi.reset();
      } catch (error) {
        applyServerErrors(form, error);
      }
    },
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the email of your account and we will send you a link to reset your password."
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Stack>
          <form.AppField name="email">
            {(field) => <field.TextField type="email" label="Email" withAsterisk autoComplete="email" />}
          </form.AppField>
          <form.AppForm>
            <form.SubmitButton fullWidth>Submit</form.SubmitButton>
          </form.AppForm>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              Back to log in
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
