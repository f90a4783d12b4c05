class TankHunterTensors:
    pass
