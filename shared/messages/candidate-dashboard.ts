/**
 * The candidate's dashboard (/dashboard for a candidate). The spec shows no candidate dashboard,
 * so none of these texts come from it. Owned by the candidate dashboard feature.
 */
export const candidateDashboardMessages = {
  title: 'My Dashboard',
  candidateIdLabel: 'Candidate ID',
  profileTitle: 'Profile',
  documentsTitle: 'Documents',
  applicationsTitle: 'My Applications',
  noApplications: 'You have not applied to any jobs yet.',
  browseJobs: 'Browse Jobs',
  loadFailed: 'Failed to load your dashboard',
  editProfile: 'Edit',
  saveProfile: 'Save',
  cancel: 'Cancel',
  profileSaved: 'Profile saved',
  profileSaveFailed: 'Could not save your profile. Please try again.',
  finishRegistration: 'Finish your registration',
  finishRegistrationBody: 'A few steps are left before employers can see a complete profile.',
} as const;
