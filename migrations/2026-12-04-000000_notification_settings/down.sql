DROP TABLE notification_settings;
