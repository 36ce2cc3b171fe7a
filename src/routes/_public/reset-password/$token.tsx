import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/auth/reset-password-screen';

export const Route = createFileRoute('/_public/reset-password/$token')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  return <ResetPasswordScreen token={token} />;
}
