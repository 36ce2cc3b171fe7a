import { CERTIFICATE_LABELS, certificatePaths } from '@contract/certificates';
import { Button, type ButtonProps } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '@/lib/download-file';

type CertificateButtonProps = ButtonProps & {
  /** Whose certificate: the learner's own, or a member's on the Transcript. */
  userId: string;
  courseId: string;
  courseName: string;
  /** An accessible name when several buttons share a screen (the Transcript's rows). */
  'aria-label'?: string;
};

/** 'Download certificate': saves the PDF of the user's latest completion of the course. */
export function CertificateButton({ userId, courseId, courseName, ...props }: CertificateButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(certificatePaths.download(userId, courseId), {}, `Certificate - ${courseName}.pdf`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconCertificate size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      {...props}
    >
      {CERTIFICATE_LABELS.download}
    </Button>
  );
}
