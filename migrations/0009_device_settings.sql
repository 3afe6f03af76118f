-- The admin's device settings (docs/hardware.md, "Setting the devices on screen"): each is a
-- `device-set` table event naming its role (shoe or scanner) in its body; the last one of each
-- role is what a start uses when no flag names the device, found through an index of its own
-- however long the log has grown.
CREATE INDEX events_device_sets ON events (table_id, json_extract(body, '$.role'), id) WHERE type = 'device-set';
