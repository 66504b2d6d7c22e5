/* cwb_gsl.h -- GSL's error handler, one per process. */
#ifndef CWB_GSL_H
#define CWB_GSL_H

/* GSL's error handler is one per process, the program's (GSL's default
 * aborts). Library code that calls a GSL function which reports through it
 * (QAGS, the nonlinear least-squares driver) and checks the status itself
 * does so between cwb_gsl_quiet_begin() and cwb_gsl_quiet_end(): the handler
 * is off while any thread of the process is inside such a section, and the
 * program's handler is put back when the last one leaves. Saving the
 * handler and putting it back around each call, as each caller did, gave
 * the program's handler back while another thread was still inside its
 * call (A saves the handler, B saves "off", A restores, B's call aborts). A
 * handler the program sets while a section is open is replaced at its end. */
void cwb_gsl_quiet_begin(void);
void cwb_gsl_quiet_end(void);

#endif /* CWB_GSL_H */
