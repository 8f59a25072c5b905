DROP TABLE push_subscriptions;
DROP TABLE notifications;
DROP TABLE requests;
DROP TABLE availability_windows;
