import { Outlet } from "react-router";

export default function AdminLayout() {
  return (
    <div className="min-h-dvh">
      <Outlet />
    </div>
  );
}
