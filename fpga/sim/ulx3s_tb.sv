// Board simulation top, built with Verilator --binary (docs/FPGA.md §5). ulx3s_top runs with
// the PLL bypassed and a short UART bit time; the C shim (uart_shim.c) connects its UART pins to
// a TCP socket on 127.0.0.1 that sw/rinv_host connects to. Plusargs:
//   +uart_port=N (0 = any free port)  +port_file=F (the bound port is written there)
//   +max_cycles=N (0 = unbounded)  +accept_timeout=S (seconds to wait for the host)
// The simulation ends when the host closes the connection.
// Testbench code: blocking assignments in the clocked process are intended.
/* verilator lint_off BLKSEQ */
/* verilator lint_off UNUSEDSIGNAL */
module ulx3s_tb;

  import "DPI-C" function chandle uart_shim_open(input int port, input string port_file,
                                                 input int cpb, input int accept_timeout_s);
  import "DPI-C" function int uart_shim_step(input chandle h, input int tx);
  import "DPI-C" function void uart_shim_close(input chandle h);

  localparam int Cpb = 8;

  logic       clk = 1'b0;
  logic       rxd = 1'b1;
  logic       txd;
  logic [7:0] led;
  logic       wifi_gpio0;
  chandle     h;
  longint     cycle = 0;
  longint     max_cycles = 0;
  int         port = 0;
  int         acc_to = 60;
  string      port_file = "";
  int         r;

  always #20 clk = ~clk;

  ulx3s_top #(
    .UsePll     (1'b0),
    .ClksPerBit (Cpb),
    .StretchW   (4)
  ) u_board (
    .clk_25mhz  (clk),
    .btn        (7'b0000001),
    .led        (led),
    .ftdi_txd   (rxd),
    .ftdi_rxd   (txd),
    .wifi_gpio0 (wifi_gpio0)
  );

  initial begin
    void'($value$plusargs("uart_port=%d", port));
    void'($value$plusargs("port_file=%s", port_file));
    void'($value$plusargs("max_cycles=%d", max_cycles));
    void'($value$plusargs("accept_timeout=%d", acc_to));
    h = uart_shim_open(port, port_file, Cpb, acc_to);
    if (h == null) $fatal(1, "ulx3s_tb: no UART connection");
  end

  always @(posedge clk) begin
    cycle = cycle + 1;
    r = uart_shim_step(h, int'(txd));
    rxd <= r[0];
    if (r[1]) begin
      $display("ulx3s_tb: host closed the connection after %0d cycles, leds=%b", cycle, led);
      uart_shim_close(h);
      $finish;
    end
    if (max_cycles != 0 && cycle >= max_cycles) begin
      $display("ulx3s_tb: max_cycles reached");
      uart_shim_close(h);
      $fatal(1, "ulx3s_tb: timeout");
    end
  end

  logic unused_pins;
  assign unused_pins = wifi_gpio0;

endmodule : ulx3s_tb
