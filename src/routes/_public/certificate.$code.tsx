import { createFileRoute } from '@tanstack/react-router';
import { CertificateCheckScreen } from '@/features/certificates/certificate-check-screen';

export const Route = createFileRoute('/_public/certificate/$code')({
  component: CertificateCheckPage,
});

function CertificateCheckPage() {
  const { code } = Route.useParams();
  return <CertificateCheckScreen code={code} />;
}
