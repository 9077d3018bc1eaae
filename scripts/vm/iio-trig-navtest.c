// SPDX-License-Identifier: GPL-2.0
/*
 * A test-only IIO trigger for the IIO system tests (scripts/vm/iio-tests): Debian's stock kernel has no IIO
 * trigger a test can use (no iio-trig-hrtimer, no iio-trig-sysfs), and i2c-stub chips have no data-ready
 * interrupt. This registers one trigger, "navtest-trigger", that fires from an hrtimer `hz` times a second
 * while a device uses it, so the drivers' real triggered-buffer paths can run in the VM.
 */
#include <linux/hrtimer.h>
#include <linux/iio/iio.h>
#include <linux/iio/trigger.h>
#include <linux/module.h>

static unsigned int hz = 20;
module_param(hz, uint, 0444);
MODULE_PARM_DESC(hz, "trigger rate in hertz (1..1000)");

static struct iio_trigger *trig;
static struct hrtimer timer;
static ktime_t period;

static enum hrtimer_restart navtest_fire(struct hrtimer *t)
{
	hrtimer_forward_now(t, period);
	iio_trigger_poll(trig); /* hard-irq context, as iio-trig-hrtimer does */
	return HRTIMER_RESTART;
}

static int navtest_set_state(struct iio_trigger *t, bool state)
{
	if (state)
		hrtimer_start(&timer, period, HRTIMER_MODE_REL_HARD);
	else
		hrtimer_cancel(&timer);
	return 0;
}

static const struct iio_trigger_ops navtest_ops = {
	.set_trigger_state = navtest_set_state,
};

static int __init navtest_init(void)
{
	int ret;

	if (hz < 1 || hz > 1000)
		return -EINVAL;
	period = ns_to_ktime(NSEC_PER_SEC / hz);
	hrtimer_init(&timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	timer.function = navtest_fire;
	trig = iio_trigger_alloc(NULL, "navtest-trigger");
	if (!trig)
		return -ENOMEM;
	trig->ops = &navtest_ops;
	ret = iio_trigger_register(trig);
	if (ret)
		iio_trigger_free(trig);
	return ret;
}

static void __exit navtest_exit(void)
{
	hrtimer_cancel(&timer);
	iio_trigger_unregister(trig);
	iio_trigger_free(trig);
}

module_init(navtest_init);
module_exit(navtest_exit);
MODULE_DESCRIPTION("hrtimer IIO trigger for NavDisplay's VM tests");
MODULE_LICENSE("GPL");
