/** Company roles and membership (issue 13). The spec's own Team Management texts stay in dashboardOverview. */
export const teamMessages = {
  /** {role}: the member's role; {action}: what the route does, from companyPermissionLabels. */
  permissionDenied: 'Your role ({role}) cannot {action}. Ask an owner or admin of your company to change your role.',
};
