import { type ResetPasswordFormInput, resetPasswordFormSchema } from '@contract/auth';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { revalidateLogic } from '@tanstack/react-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from '@/lib/notify';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors } from '@/ui/form/server-errors';
import { AuthCard } from './auth-card';
import { useResetPasswordMutation } from './queries';

const defaultValues: ResetPasswordFormInput = { newPassword: '', confirmPassword: '' };

export const SUPPORT_EMAIL = 'support@example.com';
export const HELP_CENTER_URL = 'https://help.example.com';

export function ResetPasswordScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPasswordMutation();

  const form = useAppForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: resetPasswordFormSchema },
    onSubmit: async ({ value }) => {
      try {
        const { message } = await resetPassword.mutateAsync({ ...value, token });
        toast.success(message);
        await navigate({ to: '/login' });
      } catch (error) {
        // A bad or expired link (400) was toasted by the api client; the user stays on the form.
        applyServerErrors(form, error);
      }
    },
  });

  return (
    <AuthCard title="Reset Your Password" subtitle="Choose a new password of at least 6 characters.">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Stack>
          <form.AppField name="newPassword">
            {(field) => <field.TextField type="password" label="New Password*" autoComplete="new-password" />}
          </form.AppField>
          <form.AppField name="confirmPassword">
            {(field) => (
              <field.TextField type="password" label="Confirm Password*" autoComplete="new-password" />
            )}
          </form.AppField>
          <form.AppForm>
            <form.SubmitButton fullWidth>Reset Password</form.SubmitButton>
          </form.AppForm>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              Back to log in
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed" ta="center">
            Need help? Visit the{' '}
            <Anchor href={HELP_CENTER_URL} target="_blank" rel="noreferrer">
              Help Center
            </Anchor>{' '}
            or <Anchor href={`mailto:${SUPPORT_EMAIL}`}>contact support</Anchor>.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
