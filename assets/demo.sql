-- The demo gallery's data: the numbers of the seed tutorials, as a small SQLite database.
-- chartview loads this script into a private in-memory database (nothing is fetched) and keeps
-- what it made in ~/.cache/chartview, so that it runs once rather than at every start.

-- Enrolment by subject (the Core Plot bar chart tutorial): students enrolled per subject.
CREATE TABLE subjects (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE students (id INTEGER PRIMARY KEY, name TEXT NOT NULL, subject_id INTEGER REFERENCES subjects(id));
INSERT INTO subjects (id, name) VALUES
  (1, 'Mathematics'), (2, 'English'), (3, 'Physics'), (4, 'Chemistry'), (5, 'Biology'),
  (6, 'History'), (7, 'Geography'), (8, 'Computer Science'), (9, 'Art'), (10, 'Music');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 69),
counts(subject_id, students) AS (VALUES (1, 12), (2, 9), (3, 7), (4, 6), (5, 8), (6, 5), (7, 4), (8, 11), (9, 3), (10, 4))
INSERT INTO students (name, subject_id)
  SELECT 'Student ' || n.i || '-' || counts.subject_id, counts.subject_id
  FROM counts JOIN n ON n.i <= counts.students;

-- Exchange rates (the Core Plot pie and grouped bar tutorial): units of each currency per US dollar,
-- a fixed snapshot of one week.
CREATE TABLE rates (day TEXT NOT NULL, currency TEXT NOT NULL, rate REAL NOT NULL, PRIMARY KEY (day, currency));
INSERT INTO rates (day, currency, rate) VALUES
  ('2026-11-20', 'EUR', 0.912), ('2026-11-20', 'GBP', 0.781), ('2026-11-20', 'CHF', 0.861),
  ('2026-11-21', 'EUR', 0.915), ('2026-11-21', 'GBP', 0.779), ('2026-11-21', 'CHF', 0.866),
  ('2026-11-22', 'EUR', 0.909), ('2026-11-22', 'GBP', 0.785), ('2026-11-22', 'CHF', 0.858),
  ('2026-11-23', 'EUR', 0.918), ('2026-11-23', 'GBP', 0.788), ('2026-11-23', 'CHF', 0.870),
  ('2026-11-24', 'EUR', 0.921), ('2026-11-24', 'GBP', 0.784), ('2026-11-24', 'CHF', 0.874),
  ('2026-11-25', 'EUR', 0.917), ('2026-11-25', 'GBP', 0.790), ('2026-11-25', 'CHF', 0.869),
  ('2026-11-26', 'EUR', 0.914), ('2026-11-26', 'GBP', 0.786), ('2026-11-26', 'CHF', 0.865),
  ('2026-11-26', 'JPY', 1.512), ('2026-11-26', 'CAD', 1.397);

-- A daily journal (the Charts tutorial): mood 1-5, glasses of water, minutes of exercise per day,
-- and events by category. Three months; some days were not filled in (no row), some fields left empty.
CREATE TABLE days (day TEXT PRIMARY KEY, mood INTEGER, water INTEGER, exercise INTEGER, note TEXT);
CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE events (id INTEGER PRIMARY KEY, day TEXT NOT NULL, category_id INTEGER REFERENCES categories(id), title TEXT);
INSERT INTO categories (id, name) VALUES (1, 'Work'), (2, 'Family'), (3, 'Sport'), (4, 'Friends'), (5, 'Study'), (6, 'Travel'), (7, 'Other');

-- November 2026, as the earlier demos showed it.
WITH november(d, mood, water, exercise) AS (VALUES
  (1, 3, 6, 30), (2, 4, 8, 45), (3, 4, 7, 0), (4, 2, 5, 20), (5, 5, 9, 60), (6, 3, 8, 35), (7, NULL, NULL, 40),
  (8, 4, 7, 0), (9, 5, 6, 25), (10, 5, 8, 50), (11, 3, 10, 45), (12, 2, 9, 30), (13, 1, 7, 0), (14, 3, 6, 15),
  (15, 4, 8, 40), (16, 4, 7, 55), (17, 5, 9, 60), (18, 3, 8, 30), (19, 3, 6, 20), (20, 4, 7, NULL), (21, NULL, 8, 35),
  (22, 2, 9, 45), (23, 3, 7, 50), (24, 4, 5, 0), (25, 5, 6, 30), (26, 4, 8, 40), (27, 3, 9, 65), (28, 4, 10, 50),
  (29, 5, 8, 35), (30, 4, 7, 45))
INSERT INTO days (day, mood, water, exercise) SELECT printf('2026-11-%02d', d), mood, water, exercise FROM november;

-- September and October 2026: generated, with a few days missing.
WITH RECURSIVE n(d) AS (SELECT 1 UNION ALL SELECT d + 1 FROM n WHERE d < 31)
INSERT INTO days (day, mood, water, exercise)
  SELECT printf('2026-%02d-%02d', m.month, n.d),
         1 + (n.d * 7 + m.month * 3) % 5,
         4 + (n.d * 5 + m.month) % 7,
         ((n.d * 13 + m.month * 11) % 8) * 10
  FROM n JOIN (SELECT 9 AS month UNION ALL SELECT 10) AS m
  WHERE n.d <= (CASE m.month WHEN 9 THEN 30 ELSE 31 END) AND n.d % 9 != 4;

INSERT INTO events (day, category_id, title)
  SELECT day, 1 + (CAST(strftime('%d', day) AS INTEGER) * 5 + CAST(strftime('%m', day) AS INTEGER)) % 7, 'Event'
  FROM days WHERE CAST(strftime('%d', day) AS INTEGER) % 2 = 0;
INSERT INTO events (day, category_id, title) VALUES
  ('2026-11-03', 1, 'Review'), ('2026-11-05', 1, 'Launch'), ('2026-11-07', 3, 'Run'), ('2026-11-09', 1, 'Planning'),
  ('2026-11-11', 5, 'Course'), ('2026-11-13', 1, 'Deadline'), ('2026-11-15', 3, 'Swim'), ('2026-11-17', 5, 'Exam');

-- y = x² for x in -10…10 (the scatter plot tutorial).
CREATE TABLE squares (x REAL PRIMARY KEY, y REAL NOT NULL);
WITH RECURSIVE n(x) AS (SELECT -10 UNION ALL SELECT x + 1 FROM n WHERE x < 10)
INSERT INTO squares (x, y) SELECT x, x * x FROM n;

-- Trades of one share through November 2026: 40 a day from 09:00 to 16:48, the price a
-- deterministic random walk (a linear congruential generator drives each step).
CREATE TABLE trades (id INTEGER PRIMARY KEY, time TEXT NOT NULL, price REAL NOT NULL, size INTEGER NOT NULL);
WITH RECURSIVE walk(n, seed, price) AS (
  SELECT 0, 20261101, 100.0
  UNION ALL
  SELECT n + 1, (seed * 1103515245 + 12345) % 2147483648,
         round(price + (((seed * 1103515245 + 12345) % 2147483648) % 201 - 100) / 100.0 * 0.6, 2)
  FROM walk WHERE n < 30 * 40 - 1)
INSERT INTO trades (id, time, price, size)
  SELECT n + 1, printf('2026-11-%02d %02d:%02d', 1 + n / 40, 9 + (n % 40) * 12 / 60, (n % 40) * 12 % 60), price, 10 + seed % 90
  FROM walk;

-- A year of commutes (weekdays of 2026, two trips a day) by bike, bus, car or train: minutes
-- as the sum of three deterministic pseudo-random parts (a bell) per mode, with the odd jam
-- or delay in the tail. For the histogram and the box plots.
CREATE TABLE commutes (id INTEGER PRIMARY KEY, day TEXT NOT NULL, mode TEXT NOT NULL, minutes REAL NOT NULL);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2087)
INSERT INTO commutes (id, day, mode, minutes)
  SELECT i + 1, date('2026-01-01', '+' || (i / 8 * 7 / 5) || ' days'),
         CASE i % 4 WHEN 0 THEN 'bike' WHEN 1 THEN 'bus' WHEN 2 THEN 'car' ELSE 'train' END,
         round(CASE i % 4 WHEN 0 THEN 14 WHEN 1 THEN 22 WHEN 2 THEN 12 ELSE 18 END
               + ((i * 7919) % 101 + (i * 104729) % 103 + (i * 1299709) % 107) / (CASE i % 4 WHEN 0 THEN 25.0 WHEN 1 THEN 18.0 WHEN 2 THEN 14.0 ELSE 22.0 END)
               + CASE WHEN (i * 31) % 97 < 3 THEN 8 + (i % 7) * 2 ELSE 0 END, 1)
  FROM n;

-- Each student's exam score and weekly study hours (generated, deterministic): bubbles of
-- subjects by students enrolled, average score and hours studied.
CREATE TABLE grades (student_id INTEGER PRIMARY KEY REFERENCES students(id), score REAL NOT NULL, hours REAL NOT NULL);
INSERT INTO grades (student_id, score, hours)
  SELECT id, 55 + (id * 37 + subject_id * 11) % 41, 2 + (id * 13 + subject_id * 7) % 9 + subject_id % 3 FROM students;
