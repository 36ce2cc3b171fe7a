import { FIRST_PAGE } from '@contract/constants';
import { complianceSearch, reportQueryOf } from '@contract/course-assignments/compliance';
import { courseAssignmentArea } from '@contract/course-assignments/resource';
import { Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ComplianceDashboard, REPORT_ID } from '@/features/dashboard/compliance-dashboard';
import { useAuth } from '@/lib/auth-store';
import { displayName } from '@/lib/session';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/dashboard')({
  validateSearch: complianceSearch,
  component: DashboardPage,
});

/** The administration's home: a welcome, and the compliance dashboard for those who may see assignments. */
function DashboardPage() {
  const user = useAuth((state) => state.user);
  const canView = useCan(courseAssignmentArea, 'view');
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Text mb="lg">Welcome, {displayName(user)}. Choose a section from the menu to get started.</Text>
      {canView && (
        <ComplianceDashboard
          search={reportQueryOf(search)}
          onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true })}
          reportLink={(filters) => (props) => (
            <Link
              to="/app/dashboard"
              search={(prev) => ({ ...prev, ...filters, page: FIRST_PAGE })}
              hash={REPORT_ID}
              {...props}
            />
          )}
        />
      )}
    </>
  );
}
