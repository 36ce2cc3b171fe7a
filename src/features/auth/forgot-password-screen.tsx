import { forgotPasswordSchema } from '@contract/auth';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { toast } from '@/lib/notify';
import { useSchemaForm } from '@/ui/form/use-schema-form';
import { TextField } from '@/ui/text-field';
import { AuthCard } from './auth-card';
import { useForgotPasswordMutation } from './queries';

export function ForgotPasswordScreen() {
  const forgotPassword = useForgotPasswordMutation();

  const form = useSchemaForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    onSubmit: async (value) => {
      const { message } = await forgotPassword.mutateAsync(value);
      toast.success(message);
      form.reset();
    },
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the email of your account and we will send you a link to reset your password."
    >
      <form noValidate onSubmit={form.handleSubmit}>
        <Stack>
          <TextField {...form.field('email')} type="email" label="Email" withAsterisk autoComplete="email" />
          <Button type="submit" loading={form.submitting} fullWidth>
            Submit
          </Button>
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
