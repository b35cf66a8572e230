/** Settings → Your account (issue 13). */
export const accountMessages = {
  tabTitle: 'Your account',
};
