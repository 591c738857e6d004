"""brou"""
