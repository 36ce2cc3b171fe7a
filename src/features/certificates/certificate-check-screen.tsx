import { type CertificateCheck, certificateMessages } from '@contract/certificates';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format-date';
import { certificateCheckOptions } from './queries';

/** The day as the certificate prints it (in UTC), so the page and the PDF name the same day. */
const printedDay = (iso: string) => formatDate(iso.slice(0, 10));

function Details({ certificate }: { certificate: CertificateCheck }) {
  const rows: [string, string][] = [
    ['Learner', certificate.learnerName],
    ['Course', certificate.courseName],
    ['Completed on', printedDay(certificate.completedAt)],
    ['Expires on', certificate.expiresAt ? printedDay(certificate.expiresAt) : 'Does not expire'],
    ['Verification code', certificate.code],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Certificate">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 170 }}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Verdict({ certificate }: { certificate: CertificateCheck }) {
  const valid = certificate.status === 'valid';
  return (
    <Alert
      color={valid ? 'green' : 'orange'}
      variant="light"
      icon={valid ? <IconCircleCheck aria-hidden /> : <IconClockExclamation aria-hidden />}
      title={valid ? 'This certificate is valid' : 'This certificate has expired'}
    >
      {valid
        ? 'It was issued by Training Admin for the completion below.'
        : 'The completion below no longer counts: its expiry date has passed.'}
    </Alert>
  );
}

/**
 * The public page a certificate's code leads to: what the certificate shows and whether it still
 * holds, to anyone, signed in or not. A code no certificate has says so.
 */
export function CertificateCheckScreen({ code }: { code: string }) {
  const query = useQuery(certificateCheckOptions(code));
  const unknown = isApiError(query.error) && query.error.status === 404;
  return (
    <Center mih="100dvh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={700} c="blue">
              Training Admin
            </Text>
            <Title order={1} size="h2">
              Certificate of Completion
            </Title>
          </Stack>
          {query.data ? (
            <>
              <Verdict certificate={query.data} />
              <Details certificate={query.data} />
            </>
          ) : unknown ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title="Certificate not found"
            >
              <Text size="sm">{certificateMessages.unknownCode}</Text>
              <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                Code checked: {code}
              </Text>
            </Alert>
          ) : query.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Not checked">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">The certificate could not be checked just now.</Text>
                <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Checking the certificate…</Text>
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
