// SPDX-License-Identifier: GPL-2.0
/*
 * pb_tty: two pairs of cross-connected ttys whose writes come up short, as
 * a busy UART's do, for mctp-serial's transmit path.
 *
 * What one end of a pair writes, the other end receives. On /dev/ttyPB0 and
 * ttyPB1 every second write takes nothing; on ttyPB2 and ttyPB3 every second
 * write takes half of what it is given (at least one byte), which splits
 * mctp-serial's two-byte escapes. After every write, whatever it took, the
 * writer gets a write wakeup from a work item, as a UART's transmit
 * interrupt would give it: a line discipline that waits for room goes on.
 * Loaded only inside patchbench's QEMU guests.
 */
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_flip.h>
#include <linux/workqueue.h>

#define PB_TTY_LINES 4

struct pb_tty_line {
	struct tty_port port;
	struct work_struct wakeup;
	atomic_t writes;
};

static struct pb_tty_line lines[PB_TTY_LINES];
static struct tty_driver *pb_tty_driver;

/* How much of @count the @nth write (from 0) on line @index takes. */
static size_t pb_tty_takes(unsigned int index, unsigned int nth, size_t count)
{
	if (nth % 2 == 0)
		return count;
	if (index < 2)
		return 0;
	return max_t(size_t, count / 2, 1);
}

static void pb_tty_wakeup(struct work_struct *work)
{
	struct pb_tty_line *line = container_of(work, struct pb_tty_line, wakeup);

	tty_port_tty_wakeup(&line->port);
}

static ssize_t pb_tty_do_write(struct tty_struct *tty, const u8 *buf, size_t count)
{
	struct pb_tty_line *line = &lines[tty->index];
	struct tty_port *peer = &lines[tty->index ^ 1].port;
	size_t n;

	n = pb_tty_takes(tty->index, atomic_inc_return(&line->writes) - 1, count);
	n = tty_insert_flip_string(peer, buf, n);
	if (n)
		tty_flip_buffer_push(peer);
	schedule_work(&line->wakeup);
	return n;
}

#ifdef PB_TTY_WRITE_SSIZE_T
static ssize_t pb_tty_write(struct tty_struct *tty, const u8 *buf, size_t count)
{
	return pb_tty_do_write(tty, buf, count);
}
#else
static int pb_tty_write(struct tty_struct *tty, const unsigned char *buf, int count)
{
	return pb_tty_do_write(tty, buf, count);
}
#endif

static unsigned int pb_tty_write_room(struct tty_struct *tty)
{
	return 4096;
}

static int pb_tty_install(struct tty_driver *driver, struct tty_struct *tty)
{
	return tty_port_install(&lines[tty->index].port, driver, tty);
}

static int pb_tty_open(struct tty_struct *tty, struct file *filp)
{
	return tty_port_open(tty->port, tty, filp);
}

static void pb_tty_close(struct tty_struct *tty, struct file *filp)
{
	tty_port_close(tty->port, tty, filp);
}

static const struct tty_operations pb_tty_ops = {
	.install = pb_tty_install,
	.open = pb_tty_open,
	.close = pb_tty_close,
	.write = pb_tty_write,
	.write_room = pb_tty_write_room,
};

static const struct tty_port_operations pb_tty_port_ops = {};

static int __init pb_tty_init(void)
{
	struct tty_driver *driver;
	int i, err;

	driver = tty_alloc_driver(PB_TTY_LINES, TTY_DRIVER_REAL_RAW);
	if (IS_ERR(driver))
		return PTR_ERR(driver);
	driver->driver_name = "pb_tty";
	driver->name = "ttyPB";
	driver->type = TTY_DRIVER_TYPE_SERIAL;
	driver->subtype = SERIAL_TYPE_NORMAL;
	driver->init_termios = tty_std_termios;
	/* no modem lines: an open never waits for carrier */
	driver->init_termios.c_cflag |= CLOCAL;
	tty_set_operations(driver, &pb_tty_ops);
	for (i = 0; i < PB_TTY_LINES; i++) {
		tty_port_init(&lines[i].port);
		lines[i].port.ops = &pb_tty_port_ops;
		INIT_WORK(&lines[i].wakeup, pb_tty_wakeup);
		tty_port_link_device(&lines[i].port, driver, i);
	}
	err = tty_register_driver(driver);
	if (err) {
		for (i = 0; i < PB_TTY_LINES; i++)
			tty_port_destroy(&lines[i].port);
		tty_driver_kref_put(driver);
		return err;
	}
	pb_tty_driver = driver;
	return 0;
}

static void __exit pb_tty_exit(void)
{
	int i;

	tty_unregister_driver(pb_tty_driver);
	tty_driver_kref_put(pb_tty_driver);
	for (i = 0; i < PB_TTY_LINES; i++) {
		cancel_work_sync(&lines[i].wakeup);
		tty_port_destroy(&lines[i].port);
	}
}

module_init(pb_tty_init);
module_exit(pb_tty_exit);
MODULE_DESCRIPTION("Cross-connected ttys whose writes come up short");
MODULE_LICENSE("GPL");
