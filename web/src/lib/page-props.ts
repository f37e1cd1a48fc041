/**
 * What the route table hands every page: the route's parameters (wouter's). Its own module so that a page
 * (features/) does not import the route table (app/routes.tsx) that loads it (decision 0054).
 */
export interface PageProps {
  params: Partial<Record<string, string>>;
}
