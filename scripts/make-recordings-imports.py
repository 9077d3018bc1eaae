#!/usr/bin/env python3
"""Writes the import test files in recordings/imports/ from the bundled ride recordings/helsinki-ride.navrec:

- helsinki-ride.nmea: the ride's GPS fixes as a receiver would send them (RMC, GGA, GSA, VTG, plus HDT/HDG/HDM
  from a heading sensor), with real XOR checksums, and two deliberately corrupted sentences.
- helsinki-ride.gpsd.json: what real gpsd makes of that NMEA: gpsd reads it from a pseudo-terminal and
  `gpspipe -w` captures its JSON reports (TPV, SKY, ...), exactly as a user would log them.
- helsinki-ride-imu.csv: the ride's accelerometer and magnetometer in other units (ms, g, nT), one row per sample.

Usage: scripts/make-recordings-imports.py (run from anywhere; needs gpsd and gpspipe).
"""
import math, os, pty, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "recordings", "helsinki-ride.navrec")
OUT = os.path.join(ROOT, "recordings", "imports")


def samples(path):
    """Yields (kind, time_s, fields) for each sample line of a navdisplay recording (checksums not checked)."""
    with open(path) as f:
        for line in f:
            if not line[:1].isalpha() or line.startswith("navdisplay-recording"):
                continue
            words = line.rsplit(" *", 1)[0].split()
            yield words[0], float(words[1]), words[2:]


def nmea(body):
    cs = 0
    for c in body.encode():
        cs ^= c
    return "$%s*%02X\r\n" % (body, cs)


def ddmm(value, degree_digits):
    v = abs(value)
    d = int(v)
    return "%0*d%07.4f" % (degree_digits, d, (v - d) * 60)


def write_nmea(path, start_utc=1780000000.0):
    epochs = []
    for kind, t, f in samples(SRC):
        if kind != "fix":
            continue
        kv = dict(w.split("=") for w in f[1:])
        if "lat" not in kv:
            continue
        utc = start_utc + t
        tm = time.gmtime(utc)
        hhmmss = time.strftime("%H%M%S", tm) + ".%02d" % int(round((utc % 1) * 100))
        date = time.strftime("%d%m%y", tm)
        lat, lon = float(kv["lat"]), float(kv["lon"])
        ns, ew = ("N" if lat >= 0 else "S"), ("E" if lon >= 0 else "W")
        knots = float(kv.get("speed", 0)) * 3600 / 1852
        course = float(kv.get("course", 0))
        alt = float(kv.get("alt", 0))
        out = []
        out.append(nmea("GPRMC,%s,A,%s,%s,%s,%s,%.2f,%.1f,%s,,,A" % (hhmmss, ddmm(lat, 2), ns, ddmm(lon, 3), ew, knots, course, date)))
        out.append(nmea("GPGGA,%s,%s,%s,%s,%s,1,09,0.9,%.1f,M,17.0,M,," % (hhmmss, ddmm(lat, 2), ns, ddmm(lon, 3), ew, alt)))
        out.append(nmea("GPGSA,A,3,01,02,03,04,05,06,07,08,09,,,,1.6,0.9,1.3"))
        # Twelve satellites in view, three GSV sentences of four (elevation, azimuth, SNR made up but plausible).
        for part in range(3):
            sats = ",".join("%02d,%02d,%03d,%02d" % (n, 15 + 6 * n, (37 * n) % 360, 30 + n) for n in range(1 + 4 * part, 5 + 4 * part))
            out.append(nmea("GPGSV,3,%d,12,%s" % (part + 1, sats)))
        out.append(nmea("GPVTG,%.1f,T,%.1f,M,%.2f,N,%.2f,K,A" % (course, (course - 10.9) % 360, knots, knots * 1.852)))
        # A heading sensor on the same bus: true, magnetic, and HDG with deviation and variation.
        out.append(nmea("HEHDT,%.1f,T" % course))
        out.append(nmea("HCHDM,%.1f,M" % ((course - 10.9) % 360)))
        out.append(nmea("HCHDG,%.1f,0.5,W,10.9,E" % ((course - 10.4) % 360)))
        epochs.append(out)
    # Two broken sentences, as a noisy serial line gives: a flipped status character in epoch 3's RMC (the
    # checksum no longer matches), and epoch 5's HDG cut short.
    epochs[3][0] = epochs[3][0].replace(",A,", ",B,", 1)
    epochs[5][-1] = epochs[5][-1][:20] + "\r\n"
    with open(path, "w") as f:
        f.write("".join("".join(e) for e in epochs))
    return epochs


def capture_gpsd_json(sentences, path):
    master, slave = pty.openpty()
    tty = os.ttyname(slave)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tmp = tempfile.mkdtemp()
    gpsd = subprocess.Popen(["gpsd", "-N", "-n", "-b", "-S", str(port), "-F", os.path.join(tmp, "sock"), tty],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        # gpspipe writes straight into the file (a pipe nobody reads would fill, and gpsd drops slow clients),
        # line-buffered so nothing is lost when it is stopped.
        log = open(path, "wb")
        pipe = subprocess.Popen(["stdbuf", "-oL", "gpspipe", "-w", "127.0.0.1:%d" % port], stdout=log, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        os.set_blocking(master, False)
        # One epoch every 50 ms (gpsd takes each epoch's time from the sentences, not the clock); the echo the
        # tty sends back is drained so the line never stalls.
        for epoch in sentences:
            data = "".join(epoch).encode()
            while data:
                try:
                    data = data[os.write(master, data):]
                except BlockingIOError:
                    time.sleep(0.01)
                try:
                    while os.read(master, 4096):
                        pass
                except BlockingIOError:
                    pass
            time.sleep(0.05)
        time.sleep(1.0)
        pipe.terminate()
        pipe.wait(timeout=5)
        log.close()
    finally:
        gpsd.terminate()
        gpsd.wait(timeout=5)
    with open(path, "rb") as f:
        return f.read().count(b'"class":"TPV"')


def write_imu_csv(path):
    with open(path, "w") as f:
        f.write("# IMU export: accelerometer in g, magnetometer in nT, body frame x forward y right z down\n")
        f.write("time_ms,accel_x_g,accel_y_g,accel_z_g,mag_x (nT),mag_y (nT),mag_z (nT)\n")
        acc = None
        for kind, t, v in samples(SRC):
            if kind == "acc":
                acc = (t, [float(x) / 9.80665 for x in v])
            elif kind == "mag" and acc:
                f.write("%.3f,%.6f,%.6f,%.6f,%.1f,%.1f,%.1f\n" % (
                    t * 1000, *acc[1], *[float(x) * 1000 for x in v]))
                acc = None
        f.write("12.5,garbage,row\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    sentences = write_nmea(os.path.join(OUT, "helsinki-ride.nmea"))
    n = capture_gpsd_json(sentences, os.path.join(OUT, "helsinki-ride.gpsd.json"))
    write_imu_csv(os.path.join(OUT, "helsinki-ride-imu.csv"))
    print("wrote %s: NMEA (%d sentences), gpsd JSON (%d TPV reports from real gpsd), IMU CSV" % (OUT, sum(map(len, sentences)), n))


if __name__ == "__main__":
    main()
